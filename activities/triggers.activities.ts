import * as steps from '../src/modules/triggers/trigger-run-steps.js';
import { defaultTriggerSettings } from '../src/modules/triggers/trigger-settings.js';
import type { ActivityDeps } from './index.js';
import { permanentOnDomainError } from './failures.js';
import { heartbeating } from './heartbeat.js';

/**
 * The triggerRun workflow's activities: closures over
 * the injected ORM and webhook settings, each call on its own em.fork().
 */
export function createTriggerActivities({ orm, triggerSettings }: ActivityDeps) {
  const em = () => orm.em.fork();
  const settings = () => triggerSettings ?? defaultTriggerSettings();
  return {
    // Heartbeats while the request runs: a worker killed mid-delivery is noticed within seconds, not 3 minutes.
    deliverWebhookAttempt: (runId: string, attempt: number) =>
      heartbeating(() => permanentOnDomainError(() => steps.deliverWebhookAttempt(em(), runId, attempt, settings()))),
    cancelTriggerRun: (runId: string) => permanentOnDomainError(() => steps.cancelTriggerRun(em(), runId)),
  };
}
