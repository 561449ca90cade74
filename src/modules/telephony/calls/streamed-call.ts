import { sql, type Em } from '../../../db/orm.js';
import { DomainError } from '../../errors.js';
import { newId } from '../../ids.js';
import { OutboundCall } from '../../campaigns/campaigns.entity.js';
import { routeInboundCall } from '../routing/route-inbound-call.js';

/**
 * Which call a carrier's media stream is for (media/call/carrier-streams.ts): the
 * carrier log row it names is an outbound call of ours (found by its dial
 * key) or an inbound call routed by its number.
 */
/** Who a carrier's stream is for: the outbound call it answers, or the agent the dialled number routes to. */
export interface StreamedCall {
  organizationId: string;
  projectId: string;
  agentId: string;
  versionId: string;
  direction: 'inbound' | 'outbound' | 'web';
  sessionId: string;
  phoneNumber: string | null;
  caller: string;
  connectionId: string | null;
  providerCallId: string | null;
  variables?: Record<string, string>;
}

/** How long a stream of an outbound call waits for the status callback saying who answered. */
const OUTCOME_WAIT_MS = 10_000;

/** The call a carrier log row stands for (NOT_FOUND / CONFLICT when it cannot be taken). */
export async function streamedCall(em: Em, callLogId: string): Promise<StreamedCall> {
  const [row] = await sql<{
    organization_id: string;
    connection_id: string;
    from_number: string;
    to_number: string;
    provider_call_id: string | null;
    idempotency_key: string;
    outbound_call_id: string | null;
  }>(
    em,
    `select l.organization_id, l.connection_id, l.from_number, l.to_number, l.provider_call_id, l.idempotency_key, o.id as outbound_call_id
       from carrier_call_log l left join outbound_call o on o.dial_key = l.idempotency_key and o.organization_id = l.organization_id
      where l.id = ?`,
    [callLogId],
  );
  if (!row) throw new DomainError('NOT_FOUND', `Carrier call ${callLogId} was not found`);
  if (row.outbound_call_id) {
    // The stream can come before the status callback that says who answered (Telnyx streams from the answer, before
    // its machine detection ends): a machine's call is the worker's to hang up, not the agent's to talk to.
    const outcome = await decidedOutcome(em, callLogId);
    if (outcome !== null && outcome !== 'answered') throw new DomainError('CONFLICT', `The call was answered by ${outcome}, not a person`);
    const call = await em.findOneOrFail(OutboundCall, { id: row.outbound_call_id });
    await claimStream(em, callLogId);
    return {
      organizationId: call.organization,
      projectId: call.project,
      agentId: call.agent,
      versionId: call.versionId,
      direction: 'outbound',
      sessionId: call.sessionId,
      phoneNumber: call.fromNumber,
      caller: call.toNumber,
      connectionId: row.connection_id,
      providerCallId: row.provider_call_id,
      variables: call.variables,
    };
  }
  if (!row.idempotency_key.startsWith('inbound/')) throw new DomainError('CONFLICT', `Carrier call ${callLogId} is not a call an agent takes`);
  await claimStream(em, callLogId);
  const route = await routeInboundCall(em, row.to_number, row.from_number);
  if (route.organizationId !== row.organization_id) throw new DomainError('CONFLICT', 'The number moved to another organization');
  return {
    organizationId: route.organizationId,
    projectId: route.projectId,
    agentId: route.agentId,
    versionId: route.versionId,
    direction: 'inbound',
    sessionId: newId('session'),
    phoneNumber: route.calledAddress,
    caller: row.from_number,
    connectionId: row.connection_id,
    providerCallId: row.provider_call_id,
  };
}

/** The carrier log's outcome once a status callback decided it (waits up to OUTCOME_WAIT_MS; null if none came). */
async function decidedOutcome(em: Em, callLogId: string): Promise<string | null> {
  const deadline = Date.now() + OUTCOME_WAIT_MS;
  for (;;) {
    const [row] = await sql<{ outcome: string | null }>(em, 'select outcome from carrier_call_log where id = ?', [callLogId]);
    if (row?.outcome || Date.now() > deadline) return row?.outcome ?? null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * One stream per call: the first takes the row in one statement, so a second (a replayed handshake), even one
 * racing the first, is a CONFLICT.
 */
async function claimStream(em: Em, callLogId: string): Promise<void> {
  const claimed = await sql(em, 'update carrier_call_log set stream_claimed_at = now() where id = ? and stream_claimed_at is null returning id', [callLogId]);
  if (!claimed.length) throw new DomainError('CONFLICT', `Carrier call ${callLogId} already has its stream`);
}
