import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { pageFields, pageQuery } from '../paging.js';

extendZodWithOpenApi(z);

/**
 * Agent triggers (webhooks), their events and runs: one schema per payload,
 * shared by REST, MCP and the OpenAPI document. snake_case on both faces.
 */

export const EVENT_KINDS = [
  'call.started',
  'call.ended',
  'call.analyzed',
  'variables.collected',
  'tool_call.failed',
  'transfer.started',
  'campaign.finished',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const TRIGGER_RUN_STATUSES = ['pending', 'delivering', 'succeeded', 'failed', 'cancelled'] as const;
export type TriggerRunStatus = (typeof TRIGGER_RUN_STATUSES)[number];

export interface DeliveryAttempt {
  at: string;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
  url: string;
}

const Id = (what: string) =>
  z
    .string()
    .min(1)
    .max(60)
    .regex(/^[A-Za-z0-9_-]+$/, 'an id such as trg_01J...')
    .describe(what);

/** An absolute https URL (http only for hosts the outbound allowlist names; checked in createTrigger). */
const TargetUrl = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'must be an absolute http(s) URL without credentials');

/** Waits between attempts, in milliseconds: at most 20 retries, each at most a day. */
const RetrySchedule = z.array(z.number().int().min(1).max(86_400_000)).max(20);

const TriggerFields = {
  agent_id: Id('The agent whose events the trigger sends (agt_...).'),
  event_kinds: z
    .array(z.enum(EVENT_KINDS))
    .min(1)
    .max(EVENT_KINDS.length)
    .describe(`The events to send: ${EVENT_KINDS.join(', ')}.`),
  url: TargetUrl.describe('Where to POST each event (https; signed per Standard Webhooks).'),
  name: z.string().min(1).max(200).optional().describe('A label for people.'),
  retry_schedule_ms: RetrySchedule.optional().describe(
    "Waits between delivery attempts in milliseconds. Default: the platform's (5 s, 5 min, 30 min, 2 h, 5 h, 10 h).",
  ),
};
export const CreateTriggerBody = z.object(TriggerFields).strict().openapi('CreateAgentTriggerBody');
export type CreateTriggerBody = z.input<typeof CreateTriggerBody>;
export const CreateTriggerShape = TriggerFields;

export const TriggerParams = z.object({ trigger_id: Id('The trigger (trg_...).') });
export const TriggerRunParams = z.object({ run_id: Id('The trigger run (run_...).') });
export const ListTriggersQuery = z.object({ agent_id: Id('Only the triggers of this agent.').optional(), ...pageQuery }).strict();
export const ListRunsQuery = z.object(pageQuery).strict();

const Timestamp = z.union([z.string(), z.date()]).transform((value, ctx) => {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime()) || (typeof value === 'string' && !/^\d{4}-\d{2}-\d{2}T/.test(value))) {
    ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 date-time' });
    return z.NEVER;
  }
  return date;
});
export const ReplayBody = z
  .object({
    from_time: Timestamp.describe('Replay events created at or after this time (ISO 8601).'),
    to_time: Timestamp.describe('... and at or before this time (ISO 8601).'),
    url: TargetUrl.optional().describe("Send them here instead of the trigger's URL (same signing secret)."),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.from_time > value.to_time) ctx.addIssue({ code: 'custom', path: ['from_time'], message: 'must not be after to_time' });
  })
  .openapi('ReplayAgentTriggerBody');

// ---- views ----

export const TriggerView = z
  .object({
    trigger_id: z.string(),
    agent_id: z.string(),
    name: z.string().nullable(),
    event_kinds: z.array(z.enum(EVENT_KINDS)),
    url: z.string(),
    enabled: z.boolean(),
    disabled_reason: z.string().nullable().describe('receiver_gone (the receiver answered 410) or operator.'),
    retry_schedule_ms: z.array(z.number()).describe('Waits between attempts, in milliseconds.'),
    created_at: z.string(),
  })
  .openapi('AgentTrigger');
export type TriggerView = z.input<typeof TriggerView>;

export const TriggerResponse = z.object({ trigger: TriggerView });
export const CreatedTriggerResponse = z.object({
  trigger: TriggerView,
  signing_secret: z.string().describe('whsec_...: verify deliveries with it. Shown only now; store it.'),
});
export const ListTriggersResponse = z.object({ triggers: z.array(TriggerView), ...pageFields });

export const DeliveryAttemptView = z
  .object({
    at: z.string(),
    status_code: z.number().nullable().describe("The receiver's HTTP status; null when no answer came."),
    latency_ms: z.number(),
    error: z.string().nullable(),
    url: z.string(),
  })
  .openapi('TriggerDeliveryAttempt');

export const TriggerRunView = z
  .object({
    run_id: z.string(),
    trigger_id: z.string(),
    event_id: z.string().describe('Also the webhook-id header of every attempt.'),
    event_type: z.enum(EVENT_KINDS),
    origin: z.enum(['event', 'resend', 'replay']),
    url: z.string(),
    status: z.enum(TRIGGER_RUN_STATUSES),
    attempts: z.array(DeliveryAttemptView),
    next_attempt_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('AgentTriggerRun');
export type TriggerRunView = z.input<typeof TriggerRunView>;
export const TriggerRunResponse = z.object({ run: TriggerRunView });
export const ListRunsResponse = z.object({ runs: z.array(TriggerRunView), ...pageFields });
export const ReplayResponse = z.object({ runs: z.array(TriggerRunView) });
export const DeletedResponse = z.object({ trigger_id: z.string(), deleted: z.literal(true) });
