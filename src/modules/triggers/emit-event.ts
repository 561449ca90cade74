import { sql, type Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import type { EventKind } from './triggers.schemas.js';
import type { WebhookEventData } from './webhook-events.schemas.js';
import { announceTriggerRuns } from './webhook-dispatcher.js';

export interface EventInput<K extends EventKind = EventKind> {
  organizationId: string;
  agentId: string;
  type: K;
  /** Typed by the event's schema (webhook-events.schemas.ts), which the OpenAPI document's webhooks section shows. */
  data: WebhookEventData<K>;
  /**
   * A fixed id for an event that must happen once whatever retries its
   * cause (call.started of a conversation run again after a crash): a
   * second emit with the same id records nothing and starts no run.
   */
  id?: string;
}

/**
 * Records a domain event and a pending trigger run for every enabled trigger
 * of the agent that subscribes to its kind, in the caller's transaction: the
 * event and its runs commit (or not) with what the event reports. The runs
 * are announced with NOTIFY, which PostgreSQL delivers only on commit, to the
 * workers' webhook dispatchers (webhook-dispatcher.ts), so a rolled back
 * transaction cannot leave a delivery of an event that never happened.
 * Raw SQL: the engine writes its session the same way, and this must not
 * flush the caller's unrelated entities.
 */
export async function emitEvent<K extends EventKind>(em: Em, input: EventInput<K>): Promise<{ eventId: string; runIds: string[] }> {
  const eventId = input.id ?? newId('webhookEvent');
  const recorded = await sql(
    em,
    'insert into webhook_event (id, organization_id, agent_id, type, data, created_at) values (?, ?, ?, ?, ?::jsonb, ?) on conflict (id) do nothing returning id',
    [eventId, input.organizationId, input.agentId, input.type, JSON.stringify(input.data), new Date()],
  );
  if (recorded.length === 0) return { eventId, runIds: [] };
  const triggers = await sql<{ id: string }>(
    em,
    'select id from agent_trigger where organization_id = ? and agent_id = ? and enabled and event_kinds @> ?::jsonb order by id',
    [input.organizationId, input.agentId, JSON.stringify([input.type])],
  );
  if (triggers.length === 0) return { eventId, runIds: [] };
  const runs = triggers.map((t) => ({ id: newId('triggerRun'), trigger_id: t.id }));
  const inserted = await sql<{ id: string }>(
    em,
    `insert into trigger_run (id, organization_id, trigger_id, event_id, delivery_key, origin, status, attempts, created_at)
     select x.id, ?, x.trigger_id, ?, x.trigger_id || ':' || ?, 'event', 'pending', '[]'::jsonb, now()
     from json_to_recordset(?::json) as x(id text, trigger_id text)
     on conflict (delivery_key) do nothing returning id`,
    [input.organizationId, eventId, eventId, JSON.stringify(runs)],
  );
  // Wakes the workers' webhook dispatchers when (and only if) the transaction commits.
  if (inserted.length) await announceTriggerRuns(em);
  return { eventId, runIds: inserted.map((r) => r.id) };
}
