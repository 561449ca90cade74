import { createHash } from 'node:crypto';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError } from '../errors.js';
import { TriggerRun, type AgentTrigger } from './triggers.entity.js';
import { announceTriggerRuns } from './webhook-dispatcher.js';

/**
 * The delivery key of a run made under an Idempotency-Key: one per (origin,
 * trigger, key, event), hashed to fit the column. A retried request finds the
 * runs its first attempt made instead of delivering the events again.
 */
function idempotentDeliveryKey(origin: string, triggerId: string, key: string, eventId: string): string {
  return `${origin}:${createHash('sha256').update(`${triggerId}\n${key}\n${eventId}`).digest('base64url')}`;
}

export async function newRuns(
  em: Em,
  trigger: AgentTrigger,
  eventIds: string[],
  origin: 'resend' | 'replay',
  url: string | null,
  idempotencyKey: string | undefined,
): Promise<TriggerRun[]> {
  if (!trigger.enabled) {
    throw new DomainError('CONFLICT', `Trigger ${trigger.id} is disabled: enable it first`, {
      trigger_id: trigger.id,
      disabled_reason: trigger.disabledReason,
    });
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
      id,
      organization: trigger.organization,
      trigger: trigger.id,
      event: eventId,
      deliveryKey: keys.get(eventId) ?? id,
      origin,
      url,
      status: 'pending',
      attempts: [],
      nextAttemptAt: null,
      workflowStartedAt: null,
      finishedAt: null,
    });
  });
  await em.flush();
  // After the commit: the workers' webhook dispatchers deliver them (their poll, should this be lost).
  await announceTriggerRuns(em).catch(() => undefined);
  return runs;
}
