import * as steps from '../src/modules/triggers/trigger-run-steps.js';
import { defaultTriggerSettings } from '../src/modules/triggers/trigger-settings.js';
import type { ActivityDeps } from './index.js';
import { permanentOnDomainError } from './failures.js';

/**
 * The triggerRun workflow's activities (CONVENTIONS rule 4): closures over
 * the injected ORM and webhook settings, each call on its own em.fork().
 */
export function createTriggerActivities({ orm, triggerSettings }: ActivityDeps) {
  const em = () => orm.em.fork();
  const settings = () => triggerSettings ?? defaultTriggerSettings();
  return {
    deliverWebhookAttempt: (runId: string, attempt: number) =>
      permanentOnDomainError(() => steps.deliverWebhookAttempt(em(), runId, attempt, settings())),
    cancelTriggerRun: (runId: string) => permanentOnDomainError(() => steps.cancelTriggerRun(em(), runId)),
  };
}
