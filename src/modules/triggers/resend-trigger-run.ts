import type { Em } from '../../db/orm.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { WebhookEvent } from './triggers.entity.js';
import type { TriggerRunView } from './triggers.schemas.js';
import { findRun, toRunView } from './trigger-access.js';
import { newRuns } from './new-trigger-runs.js';

/**
 * A new delivery of a run's event to the same address: a new run, the same
 * webhook-id (the event id). With an Idempotency-Key, a retried request
 * returns the run the first one made.
 */
export const resendTriggerRun = operation(
  { needs: 'triggers:manage' },
  async (em: Em, principal: Principal, runId: string, idempotencyKey?: string): Promise<TriggerRunView> => {
    const { run, trigger } = await findRun(em, principal, runId);
    const [created] = await newRuns(em, trigger, [run.event], 'resend', run.url ?? null, idempotencyKey);
    const event = await em.findOneOrFail(WebhookEvent, { id: run.event }, { fields: ['id', 'type'] });
    return toRunView(created, trigger, event);
  },
);
