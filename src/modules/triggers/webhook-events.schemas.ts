import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import type { EventKind } from './triggers.schemas.js';

extendZodWithOpenApi(z);

/**
 * What each webhook event carries in `data`, declared once: emitEvent takes `data` typed from these schemas, so the
 * code that builds an event cannot drift from what the OpenAPI document's `webhooks` section promises receivers.
 */
const SessionIds = {
  session_id: z.string().describe('The call session (ses_...): GET /v1/call_session/retrieve/{session_id}.'),
  agent_id: z.string(),
  agent_version_id: z.string().describe('The version that ran the call.'),
};

const CallEndedFields = {
  status: z.string().describe('How the session ended: completed, failed, no_answer, busy, voicemail, dnc_blocked, ...'),
  end_reason: z.string(),
  direction: z.string().describe('inbound, outbound or web.'),
  started_at: z.string(),
  duration_seconds: z.number(),
  cost_micros: z.number().int(),
};

const Variable = z.object({ key: z.string(), value: z.string() });

export const WEBHOOK_EVENT_DATA = {
  'call.started': z.object({
    ...SessionIds,
    direction: z.string(),
    caller: z.object({ name: z.string().nullable(), address: z.string() }),
    phone_number: z.string().nullable().describe('The platform number the call came in on or went out from.'),
    started_at: z.string(),
  }),
  'call.ended': z.object({
    ...SessionIds,
    ...CallEndedFields,
    outbound_call: z
      .object({
        outbound_call_id: z.string(),
        to: z.string(),
        from: z.string().nullable(),
        campaign_id: z.string().nullable(),
        error: z.string().nullable(),
      })
      .optional()
      .describe('Present for a dial that never connected (no answer, busy, failed, blocked by the do-not-call list).'),
  }),
  'call.analyzed': z.object({
    ...SessionIds,
    summary: z.string(),
    variables: z.array(Variable),
    outcome: z.enum(['failed', 'transferred', 'abandoned', 'completed']),
    end_reason: z.string(),
    tool_calls: z.object({ total: z.number().int(), failed: z.number().int() }),
    transferred_to: z.string().nullable(),
  }),
  'variables.collected': z.object({ ...SessionIds, variables: z.array(Variable) }),
  'tool_call.failed': z.object({
    ...SessionIds,
    tool_call: z.object({ tool_call_id: z.string(), name: z.string(), request: z.string().nullable(), response: z.string().nullable() }),
  }),
  'transfer.started': z.object({ ...SessionIds, transfer: z.object({ to: z.string(), address: z.string() }) }),
  'campaign.finished': z.object({
    campaign_id: z.string(),
    name: z.string(),
    agent_id: z.string(),
    status: z.enum(['completed', 'cancelled']),
    reason: z.string().nullable(),
    spent_micros: z.number().int(),
    spend_cap_micros: z.number().int().nullable(),
    counts: z.object({
      recipients: z.number().int(),
      by_state: z.record(z.string(), z.number().int()),
      by_outcome: z.record(z.string(), z.number().int()),
      dials: z.number().int(),
    }),
    finished_at: z.string(),
  }),
} satisfies Record<EventKind, z.ZodType>;

/** The component name of each kind's `data` in the OpenAPI document. */
export const WEBHOOK_DATA_NAMES: Record<EventKind, string> = {
  'call.started': 'CallStartedData',
  'call.ended': 'CallEndedData',
  'call.analyzed': 'CallAnalyzedData',
  'variables.collected': 'VariablesCollectedData',
  'tool_call.failed': 'ToolCallFailedData',
  'transfer.started': 'TransferStartedData',
  'campaign.finished': 'CampaignFinishedData',
};

export type WebhookEventData<K extends EventKind> = z.input<(typeof WEBHOOK_EVENT_DATA)[K]>;

/** The envelope every delivery carries (trigger-run-steps.ts envelope), with `data` of the event's kind. */
export function webhookEnvelope<K extends EventKind>(kind: K, data: z.ZodType = WEBHOOK_EVENT_DATA[kind]) {
  return z.object({
    type: z.literal(kind),
    id: z.string().describe('The event id (evt_...); also the webhook-id header, the same on every attempt.'),
    created_at: z.string(),
    organization_id: z.string(),
    data,
  });
}
