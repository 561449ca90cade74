import { condition, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { presets } from '../activity-presets.js';
import { cancelSignal, type TriggerRunInput } from './messages.js';

const db = proxyActivities<Activities>(presets.databaseStep);
const http = proxyActivities<Activities>(presets.webhookDelivery);

/**
 * Delivers one event to one trigger (decisions 0014 and 0032) once its first
 * attempt, made straight from the outbox, asked for a retry: an attempt, then a
 * durable timer for the schedule's next wait (or the receiver's Retry-After),
 * until a 2xx, a 410, the end of the schedule, or the cancel signal. Each
 * attempt is one activity that records itself in the run's read state, so
 * REST and MCP read attempts from PostgreSQL. A retried attempt activity may
 * POST twice; the webhook-id is the event id, so receivers deduplicate
 * (Standard Webhooks is at-least-once).
 */
export async function triggerRun(input: TriggerRunInput): Promise<void> {
  let cancelled = false;
  setHandler(cancelSignal, () => {
    cancelled = true;
  });
  // A worker's dispatcher made the first attempt (webhook-dispatcher.ts): wait as it decided, then go on from there.
  if (input.firstWaitMs && (await condition(() => cancelled, input.firstWaitMs))) cancelled = true;
  for (let attempt = input.fromAttempt ?? 0; ; attempt++) {
    if (cancelled) break;
    const outcome = await http.deliverWebhookAttempt(input.runId, attempt);
    if (outcome.next === 'done') return;
    // Wakes early on cancel; otherwise sleeps the whole wait as a durable timer.
    if (await condition(() => cancelled, outcome.waitMs)) break;
  }
  await db.cancelTriggerRun(input.runId);
}
