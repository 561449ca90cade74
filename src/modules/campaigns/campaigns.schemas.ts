import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { OUTBOUND_CALL_STATUSES, RECIPIENT_STATES } from './campaigns.entity.js';
import { IdempotencyKey } from '../idempotency-key.js';
import { pageFields, pageQuery } from '../paging.js';

extendZodWithOpenApi(z);

const Id = (what: string) =>
  z
    .string()
    .min(1)
    .max(60)
    .regex(/^[A-Za-z0-9_-]+$/, 'an id such as ocl_01J...')
    .describe(what);
const Phone = z.string().trim().min(1).max(40);
/** Variables are strings (what a prompt template fills in); bounded so a call row stays small. */
const Variables = z.record(z.string().min(1).max(100), z.string().max(2000)).refine((v) => Object.keys(v).length <= 50, 'at most 50 variables');

export const DEFAULT_CUSTOMER_SCRIPT = ['Hello?', 'Yes, speaking.', 'Okay, thank you. Goodbye.'];

export const CreateOutboundCallBody = z
  .object({
    agent_id: Id('The agent that makes the call (agt_...). The version is picked by its traffic split.'),
    from_number: Phone.describe("Caller id: one of the organization's phone numbers, E.164 (+14155550100)."),
    to_number: Phone.optional().describe('Who to call, E.164 or national with default_country. Give this or contact_id.'),
    contact_id: Id('A contact (cnt_...) whose phone is called. Give this or to_number.').optional(),
    default_country: z.string().length(2).optional().describe('ISO 3166 alpha-2 country of a to_number written without a country code.'),
    variables: Variables.optional().describe('String variables for the conversation (recorded with the call), e.g. {"first_name": "Ana"}.'),
    customer_script: z
      .array(z.string().trim().min(1).max(2000))
      .min(1)
      .max(50)
      .optional()
      .describe('What the callee says, turn by turn, on the simulated carrier; default: a short greeting and goodbye.'),
    idempotency_key: IdempotencyKey.optional().describe(
      'A key of your choice: creating again with the same key returns the same call instead of dialling twice.',
    ),
  })
  .strict()
  .openapi('CreateOutboundCallBody');
export type CreateOutboundCallBody = z.input<typeof CreateOutboundCallBody>;
export const CreateOutboundCallRestBody = CreateOutboundCallBody.omit({ idempotency_key: true }).strict().openapi('CreateOutboundCallRestBody');

export const OutboundCallView = z
  .object({
    outbound_call_id: z.string(),
    agent_id: z.string(),
    version_id: z.string(),
    session_id: z.string().describe('The call session recorded for this call (also when it was not answered or was blocked).'),
    from_number: z.string(),
    to_number: z.string(),
    contact_id: z.string().nullable(),
    variables: z.record(z.string(), z.string()),
    status: z.enum(OUTBOUND_CALL_STATUSES).describe('queued → dialling → in_call → completed; or no_answer, busy, voicemail, failed, dnc_blocked.'),
    end_reason: z.string().nullable(),
    error: z.string().nullable(),
    workflow_id: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('OutboundCall');
export type OutboundCallView = z.infer<typeof OutboundCallView>;
export const OutboundCallResponse = z.object({ outbound_call: OutboundCallView }).openapi('OutboundCallResponse');
export const OutboundCallParams = z.object({ outbound_call_id: Id('The outbound call (ocl_...).') });
export const GetOutboundCallInput = OutboundCallParams.strict();

const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'a time of day HH:MM (24:00 for midnight at the end)');
export const CallingWindowSchema = z
  .object({
    start: HHMM.describe('When calling may start, local time of the recipient, e.g. 09:00.'),
    end: HHMM.describe('When calling must stop, local time of the recipient, e.g. 20:00 (after start; 24:00 for midnight).'),
    days: z
      .array(z.number().int().min(1).max(7))
      .min(1)
      .max(7)
      .default([1, 2, 3, 4, 5, 6, 7])
      .describe('ISO weekdays when calling is allowed, 1 = Monday ... 7 = Sunday; default every day.'),
  })
  .strict()
  .refine((w) => w.start < w.end, { message: 'end must be after start', path: ['end'] })
  .openapi('CallingWindow');
export const RetryPolicySchema = z
  .object({
    outcomes: z
      .array(z.enum(['no_answer', 'busy', 'voicemail']))
      .max(3)
      .default(['no_answer', 'busy', 'voicemail'])
      .describe('Outcomes that are tried again; default all three.'),
    max_attempts: z.number().int().min(1).max(10).default(1).describe('Dials per recipient at most, the first included; default 1 (no retry).'),
    delay_seconds: z
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 3600)
      .default(3600)
      .describe('Wait before trying again; default one hour.'),
  })
  .strict()
  .openapi('RetryPolicy');

export const LaunchCampaignBody = z
  .object({
    name: z.string().trim().min(1).max(200).optional().describe('A name for people; default: "Campaign" and the date.'),
    agent_id: Id('The agent that makes the calls (agt_...).'),
    caller_numbers: z.array(Phone).min(1).max(20).describe("Caller ids, E.164: the organization's numbers, used in turn."),
    contact_ids: z.array(Id('A contact (cnt_...).')).min(1).max(10_000).optional().describe('Who to call: contacts. Give this or numbers.'),
    numbers: z
      .array(Phone)
      .min(1)
      .max(10_000)
      .optional()
      .describe('Who to call: phone numbers, each resolved to a contact (made if new). Give this or contact_ids.'),
    default_country: z.string().length(2).optional().describe('ISO 3166 alpha-2 country of numbers written without a country code.'),
    window: CallingWindowSchema.optional().describe("When recipients may be called, in each one's local time; default any time."),
    time_zone: z.string().min(1).max(64).default('UTC').describe('IANA zone of recipients whose number gives none; default UTC.'),
    max_concurrent_calls: z.number().int().min(1).max(100).default(5).describe('Calls in flight at once at most; default 5.'),
    calls_per_minute: z.number().int().min(1).max(600).default(60).describe('Dials started per minute at most; default 60.'),
    retry: RetryPolicySchema.optional().describe('Retries for no_answer, busy and voicemail; default none.'),
    spend_cap_micros: z
      .number()
      .int()
      .min(0)
      .max(Number.MAX_SAFE_INTEGER)
      .optional()
      .describe("Stop dialling once the calls cost this much, in micros (1,000,000 = one unit of the price list's currency)."),
    customer_script: z
      .array(z.string().trim().min(1).max(2000))
      .min(1)
      .max(50)
      .optional()
      .describe('What callees say, turn by turn, on the simulated carrier (the persona script).'),
    variables: Variables.optional().describe('String variables recorded with every call.'),
    idempotency_key: IdempotencyKey.optional().describe('A key of your choice: launching again with the same key returns the same campaign.'),
  })
  .strict()
  .openapi('LaunchCampaignBody');
export type LaunchCampaignBody = z.input<typeof LaunchCampaignBody>;
export const LaunchCampaignRestBody = LaunchCampaignBody.omit({ idempotency_key: true }).strict().openapi('LaunchCampaignRestBody');

export const CampaignView = z
  .object({
    campaign_id: z.string(),
    name: z.string(),
    agent_id: z.string(),
    caller_numbers: z.array(z.string()),
    window: z.object({ start: z.string(), end: z.string(), days: z.array(z.number()) }).nullable(),
    time_zone: z.string(),
    max_concurrent_calls: z.number(),
    calls_per_minute: z.number(),
    retry: z.object({ outcomes: z.array(z.string()), max_attempts: z.number(), delay_seconds: z.number() }),
    spend_cap_micros: z.number().nullable(),
    spent_micros: z.number(),
    status: z.enum(['running', 'paused', 'cancelled', 'completed']),
    reason: z.string().nullable(),
    counts: z.object({
      recipients: z.number(),
      by_state: z
        .record(z.string(), z.number())
        .describe('queued, dialling, in_call, done, skipped_dnc, skipped_window, failed, cancelled (not dialled (again) because the campaign was cancelled).'),
      by_outcome: z.record(z.string(), z.number()).describe('Last outcome of finished recipients: completed, no_answer, busy, voicemail, failed, dnc_blocked.'),
      dials: z
        .number()
        .describe(
          'Calls placed (attempts started, less those the do-not-call list stopped before the dial: those recipients count under by_state.skipped_dnc).',
        ),
    }),
    progress: z.record(z.string(), z.unknown()).nullable().describe('Live progress from the workflow while it runs.'),
    workflow_id: z.string(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .openapi('Campaign');
export type CampaignView = z.infer<typeof CampaignView>;
export const CampaignResponse = z.object({ campaign: CampaignView }).openapi('CampaignResponse');
export const ListCampaignsResponse = z.object({ campaigns: z.array(CampaignView.omit({ progress: true })), ...pageFields }).openapi('ListCampaignsResponse');
export const CampaignParams = z.object({ campaign_id: Id('The campaign (cmp_...).') });
export const CampaignReasonBody = z
  .object({ reason: z.string().trim().min(1).max(500).optional().describe('Why, recorded with the campaign.') })
  .strict()
  .openapi('CampaignReasonBody');
export const CampaignPaceBody = z
  .object({
    max_concurrent_calls: z.number().int().min(1).max(100).optional().describe('New limit of calls in flight.'),
    calls_per_minute: z.number().int().min(1).max(600).optional().describe('New limit of dials started per minute.'),
  })
  .strict()
  .refine((b) => b.max_concurrent_calls !== undefined || b.calls_per_minute !== undefined, {
    message: 'send max_concurrent_calls or calls_per_minute',
    path: ['max_concurrent_calls'],
  })
  .openapi('CampaignPaceBody');

export const ListRecipientsQuery = z
  .object({
    state: z.enum(RECIPIENT_STATES).optional().describe('Only recipients in this state.'),
    ...pageQuery,
  })
  .strict()
  .openapi('ListCampaignRecipientsQuery');
export const RecipientCallView = z
  .object({
    attempt: z.number().describe('1 for the first dial of this recipient, 2 for the first retry, ...'),
    outbound_call_id: z.string(),
    session_id: z.string().describe('The call session of this attempt (GET /v1/call_session/retrieve/{session_id}).'),
    from_number: z.string(),
    status: z.enum(OUTBOUND_CALL_STATUSES),
    end_reason: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('CampaignRecipientCall');
export const RecipientView = z
  .object({
    recipient_id: z.string(),
    contact_id: z.string(),
    name: z.string().nullable().describe("The contact's name, if it has one."),
    phone: z.string(),
    time_zone: z.string(),
    position: z.number().describe('Its place in the list the campaign was launched with, from 0.'),
    state: z.enum(RECIPIENT_STATES),
    attempts: z.number().describe('Dials started for this recipient.'),
    last_outcome: z.string().nullable(),
    next_attempt_at: z.string().nullable().describe('When it is due for its next dial, if it waits for one.'),
    calls: z.array(RecipientCallView).describe('Each attempt, oldest first, with the call session it made.'),
    updated_at: z.string(),
  })
  .openapi('CampaignRecipient');
export type RecipientView = z.infer<typeof RecipientView>;
export const ListRecipientsResponse = z.object({ recipients: z.array(RecipientView), ...pageFields }).openapi('ListCampaignRecipientsResponse');
