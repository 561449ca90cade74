import type { Em } from '../../src/db/orm.js';
import { DEFAULT_PRICE_LIST } from '../../src/modules/org/org.entity.js';
import { recordSessions, type SessionInput } from '../../src/modules/calls/record-sessions.js';

/** A finished inbound call of `seconds` with a tool call and a transfer, overridable field by field. */
export function sessionInput(tenant: { organizationId: string; projectId: string }, overrides: Partial<SessionInput> = {}): SessionInput {
  return {
    organizationId: tenant.organizationId,
    projectId: tenant.projectId,
    agentId: 'agt_01JTEST0000000000000000000',
    agentName: 'Front Desk',
    status: 'ended',
    endReason: 'agent_hangup',
    direction: 'inbound',
    caller: { name: 'Ana Garcia', address: '+14155550123' },
    phoneNumber: '+14155550100',
    startedAt: new Date('2026-11-01T10:00:00Z'),
    variables: [{ key: 'customer_name', value: 'Ana Garcia' }],
    summaries: ['Ana asked for an appointment.'],
    legs: [
      {
        direction: 'inbound',
        kind: 'agent',
        address: '+14155550123',
        startOffsetSeconds: 0,
        durationSeconds: 204,
        turns: [
          { speaker: 'agent', text: 'Hello, how can I help?', offsetMs: 300 },
          { speaker: 'customer', text: 'I need an appointment.', offsetMs: 2500 },
          {
            speaker: 'agent',
            text: 'Calling check_availability',
            offsetMs: 4000,
            toolCall: { name: 'check_availability', request: { day: 'Tuesday' }, response: { slots: ['10:00'] }, durationMs: 420 },
          },
          { speaker: 'agent', text: 'Tuesday at 10:00 is free.', offsetMs: 5000 },
        ],
      },
    ],
    recording: null,
    ...overrides,
  };
}

export async function insertSessions(em: Em, inputs: SessionInput[]): Promise<string[]> {
  return recordSessions(em, inputs, () => DEFAULT_PRICE_LIST);
}
