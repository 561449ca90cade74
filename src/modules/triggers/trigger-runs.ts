import { createHash } from 'node:crypto';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError } from '../errors.js';

import { requirePermission, type Principal } from '../org/permissions.js';

import { TriggerRun, WebhookEvent, type AgentTrigger } from './triggers.entity.js';
import type { TriggerRunView } from './triggers.schemas.js';
import { findRun, findTrigger, toRunView, toRunViews } from './trigger-access.js';
import { checkTargetUrl } from './trigger-targets.js';
import { announceTriggerRuns } from './webhook-dispatcher.js';
import type { TriggerSettings } from './trigger-settings.js';
import { findPage, type Page, type PageOf } from '../paging.js';

/** A replay sends at most this many events; a wider range is refused (narrow it, or replay it in parts). */
export const MAX_REPLAY_EVENTS = 1000;

export async function getTriggerRun(em: Em, principal: Principal, runId: string): Promise<TriggerRunView> {
  requirePermission(principal, 'agents:read');
  const { run, trigger } = await findRun(em, principal, runId);
  const event = await em.findOneOrFail(WebhookEvent, { id: run.event }, { fields: ['id', 'type'] });
  return toRunView(run, trigger, event);
}

/** A trigger's runs, newest first, keyset-paged by id (ids are time-ordered). */
export async function listTriggerRuns(em: Em, principal: Principal, triggerId: string, query: Page): Promise<PageOf<TriggerRunView>> {
  requirePermission(principal, 'agents:read');
  const trigger = await findTrigger(em, principal, triggerId);
  const page = await findPage(em, TriggerRun, { trigger: trigger.id }, query, { list: 'trigger_runs', order: 'desc', filters: { trigger_id: trigger.id } });
  return { ...page, items: await toRunViews(em, page.items, trigger) };
}

/**
 * The delivery key of a run made under an Idempotency-Key: one per (origin,
 * trigger, key, event), hashed to fit the column. A retried request finds the
 * runs its first attempt made instead of delivering the events again.
 */
function idempotentDeliveryKey(origin: string, triggerId: string, key: string, eventId: string): string {
  return `${origin}:${createHash('sha256').update(`${triggerId}\n${key}\n${eventId}`).digest('base64url')}`;
}

async function newRuns(
  em: Em, trigger: AgentTrigger, eventIds: string[], origin: 'resend' | 'replay', url: string | null, idempotencyKey: string | undefined,
): Promise<TriggerRun[]> {
  if (!trigger.enabled) {
    throw new DomainError('CONFLICT', `Trigger ${trigger.id} is disabled: enable it first`, { trigger_id: trigger.id, disabled_reason: trigger.disabledReason });
  }
  const keys = new Map(eventIds.map((eventId) => [eventId, idempotencyKey ? idempotentDeliveryKey(origin, trigger.id, idempotencyKey, eventId) : null]));
  const earlier = idempotencyKey
    ? new Map((await em.find(TriggerRun, { deliveryKey: { $in: [...keys.values()] as string[] } })).map((r) => [r.event, r]))
    : new Map<string, TriggerRun>();
  const runs = eventIds.map((eventId) => {
    const found = earlier.get(eventId);
    if (found) return found;
    const id = newId('triggerRun');
    return em.create(TriggerRun, {
      id, organization: trigger.organization, trigger: trigger.id, event: eventId, deliveryKey: keys.get(eventId) ?? id, origin, url,
      status: 'pending', attempts: [], nextAttemptAt: null, workflowStartedAt: null, finishedAt: null,
    });
  });
  await em.flush();
  // After the commit: the workers' webhook dispatchers deliver them (their poll, should this be lost).
  await announceTriggerRuns(em).catch(() => undefined);
  return runs;
}

/**
 * A new delivery of a run's event to the same address: a new run, the same
 * webhook-id (the event id). With an Idempotency-Key, a retried request
 * returns the run the first one made.
 */
export async function resendTriggerRun(
  em: Em, principal: Principal, runId: string, idempotencyKey?: string,
): Promise<TriggerRunView> {
  requirePermission(principal, 'triggers:manage');
  const { run, trigger } = await findRun(em, principal, runId);
  const [created] = await newRuns(em, trigger, [run.event], 'resend', run.url ?? null, idempotencyKey);
  const event = await em.findOneOrFail(WebhookEvent, { id: run.event }, { fields: ['id', 'type'] });
  return toRunView(created, trigger, event);
}

/**
 * Sends again every event of the trigger's agent and kinds created in
 * [from, to], oldest first, as new runs: to the trigger's URL or to `url`
 * (checked like a trigger's, and signed with the trigger's secret). With an
 * Idempotency-Key, events the key already replayed return their earlier runs.
 */
export async function replayTriggerEvents(
  em: Em, principal: Principal, triggerId: string, input: { from_time: Date; to_time: Date; url?: string },
  settings: TriggerSettings, idempotencyKey?: string,
): Promise<TriggerRunView[]> {
  requirePermission(principal, 'triggers:manage');
  if (input.url) checkTargetUrl(input.url, 'body.url', settings);
  const trigger = await findTrigger(em, principal, triggerId);
  const events = await em.find(
    WebhookEvent,
    {
      organization: trigger.organization,
      agent: trigger.agent,
      type: { $in: trigger.eventKinds },
      createdAt: { $gte: input.from_time, $lte: input.to_time },
    },
    { orderBy: { id: 'asc' }, limit: MAX_REPLAY_EVENTS + 1, fields: ['id', 'type'] },
  );
  if (events.length > MAX_REPLAY_EVENTS) {
    throw new DomainError('VALIDATION_FAILED', `The range holds more than ${MAX_REPLAY_EVENTS} events: replay a narrower range`, {
      issues: [{ field: 'body.to_time', message: `the range must hold at most ${MAX_REPLAY_EVENTS} events` }],
    });
  }
  const runs = await newRuns(em, trigger, events.map((e) => e.id), 'replay', input.url ?? null, idempotencyKey);
  const types = new Map(events.map((e) => [e.id, e]));
  return runs.map((run) => toRunView(run, trigger, types.get(run.event)!));
}
