import type { EventKind } from './triggers.schemas.js';
import type { WebhookEventData } from './webhook-events.schemas.js';

const ids = { session_id: 'ses_01JDX4A7B8C9D0E1F2G3H4J5K6', agent_id: 'agt_01JDX3Z1Y2X3W4V5T6S7R8Q9P0', agent_version_id: 'ver_01JDX3Z1Y2X3W4V5T6S7R8Q9P1' };
const variables = [
  { key: 'appointment_day', value: 'Tuesday' },
  { key: 'appointment_time', value: '10:00' },
];

/** One example `data` per event kind, for the OpenAPI document; a test parses each with its kind's schema. */
export const WEBHOOK_DATA_EXAMPLES: { [K in EventKind]: WebhookEventData<K> } = {
  'call.started': {
    ...ids,
    direction: 'inbound',
    caller: { name: null, address: '+14155550123' },
    phone_number: '+14155550100',
    started_at: '2026-11-24T15:04:05.000Z',
  },
  'call.ended': {
    ...ids,
    status: 'completed',
    end_reason: 'agent_hangup',
    direction: 'inbound',
    started_at: '2026-11-24T15:04:05.000Z',
    duration_seconds: 94,
    cost_micros: 152_000,
  },
  'call.analyzed': {
    ...ids,
    summary: 'The caller booked a cleaning for Tuesday at 10:00.',
    variables,
    outcome: 'completed',
    end_reason: 'agent_hangup',
    tool_calls: { total: 2, failed: 0 },
    transferred_to: null,
  },
  'variables.collected': { ...ids, variables },
  'tool_call.failed': {
    ...ids,
    tool_call: { tool_call_id: 'tcl_01JDX4C1D2E3F4G5H6J7K8M9N0', name: 'book_appointment', request: '{"day":"Tuesday"}', response: 'HTTP 503' },
  },
  'transfer.started': { ...ids, transfer: { to: 'Billing', address: '+14155550199' } },
  'campaign.finished': {
    campaign_id: 'cmp_01JDX5A1B2C3D4E5F6G7H8J9K0',
    name: 'November reminders',
    agent_id: ids.agent_id,
    status: 'completed',
    reason: null,
    spent_micros: 4_250_000,
    spend_cap_micros: 10_000_000,
    counts: {
      recipients: 120,
      by_state: { done: 112, failed: 5, skipped_dnc: 3 },
      by_outcome: { completed: 96, no_answer: 16, failed: 5, dnc_blocked: 3 },
      dials: 141,
    },
    finished_at: '2026-11-24T18:00:00.000Z',
  },
};

/** A whole delivery body of `kind`, as a receiver gets it. */
export function webhookExample(kind: EventKind) {
  return {
    type: kind,
    id: 'evt_01JDX4F5G6H7J8K9M0N1P2Q3R4',
    created_at: '2026-11-24T15:05:40.000Z',
    organization_id: 'org_01JDX3P4Q5R6S7T8V9W0X1Y2Z3',
    data: WEBHOOK_DATA_EXAMPLES[kind],
  };
}
