import type { Em } from '../../db/orm.js';
import { Campaign, OutboundCall, TERMINAL_OUTBOUND_CALL_STATUSES } from '../campaigns/campaigns.entity.js';
import { Release } from '../releases/releases.entity.js';
import { TERMINAL_RELEASE_STATUSES } from '../releases/releases.schemas.js';
import { Destination } from '../telephony/telephony.entity.js';
import { AgentTrigger } from '../triggers/triggers.entity.js';
import type { Agent } from './agents.entity.js';

/** One thing that uses an agent, as a 409 names it: what it is, its id, and a name or address a person recognises. */
export interface AgentUse {
  kind: 'live_version' | 'destination' | 'campaign' | 'outbound_call' | 'release' | 'trigger';
  id: string;
  label: string;
}

/** How each use is ended, for the message of a 409. */
const HOW_TO_END: Record<AgentUse['kind'], string> = {
  live_version: 'unpublish it (POST /v1/agent/{agent_id}/unpublish)',
  destination: 'delete the destination or assign it to another agent (DELETE /v1/destination/delete/{id}, POST /v1/agent/destination/assign)',
  campaign: 'cancel the campaign or wait for it to finish',
  outbound_call: 'wait for the call to finish',
  release: 'abort the release or wait for it to finish',
  trigger: 'disable the trigger (POST /v1/agent_trigger/{id}/disable)',
};

/**
 * What still reaches or drives an agent: its live version (callers and dials reach it), destinations routed to it,
 * campaigns not finished, outbound calls not finished, releases running, triggers enabled. Archiving refuses while
 * any is left; unpublishing refuses while anything but the live version itself is left. Each list is bounded: a
 * 409 names at most `limit` of each kind, which is enough to say what to do.
 */
export async function agentUses(em: Em, agent: Agent, limit = 20): Promise<AgentUse[]> {
  const [destinations, campaigns, calls, releases, triggers] = await Promise.all([
    em.find(Destination, { agent: agent.id }, { orderBy: { id: 'asc' }, limit, fields: ['id', 'address'] }),
    em.find(Campaign, { agent: agent.id, status: { $in: ['running', 'paused'] } }, { orderBy: { id: 'asc' }, limit, fields: ['id', 'name'] }),
    em.find(
      OutboundCall,
      { agent: agent.id, status: { $nin: [...TERMINAL_OUTBOUND_CALL_STATUSES] } },
      { orderBy: { id: 'asc' }, limit, fields: ['id', 'toNumber'] },
    ),
    em.find(Release, { agent: agent.id, status: { $nin: [...TERMINAL_RELEASE_STATUSES] } }, { orderBy: { id: 'asc' }, limit, fields: ['id', 'status'] }),
    em.find(AgentTrigger, { agent: agent.id, enabled: true }, { orderBy: { id: 'asc' }, limit, fields: ['id', 'name'] }),
  ]);
  return [
    ...(agent.liveVersionId ? [{ kind: 'live_version' as const, id: agent.liveVersionId, label: 'the published version' }] : []),
    ...destinations.map((d) => ({ kind: 'destination' as const, id: d.id, label: d.address })),
    ...campaigns.map((c) => ({ kind: 'campaign' as const, id: c.id, label: c.name })),
    ...calls.map((c) => ({ kind: 'outbound_call' as const, id: c.id, label: c.toNumber })),
    ...releases.map((r) => ({ kind: 'release' as const, id: r.id, label: `release ${r.status}` })),
    ...triggers.map((t) => ({ kind: 'trigger' as const, id: t.id, label: t.name ?? t.id })),
  ];
}

/** The sentence of a 409: each use with how to end it, one kind at a time. */
export function describeUses(agentId: string, uses: readonly AgentUse[]): string {
  const kinds = [...new Set(uses.map((u) => u.kind))];
  return kinds
    .map((kind) => {
      const of = uses.filter((u) => u.kind === kind).map((u) => (u.label === u.id ? u.id : `${u.label} (${u.id})`));
      return `${kind.replace('_', ' ')}: ${of.join(', ')}; ${HOW_TO_END[kind].replace('{agent_id}', agentId)}`;
    })
    .join('. ');
}
