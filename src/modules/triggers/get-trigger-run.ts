import type { Em } from '../../db/orm.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { WebhookEvent } from './triggers.entity.js';
import type { TriggerRunView } from './triggers.schemas.js';
import { findRun, toRunView } from './trigger-access.js';

export const getTriggerRun = operation({ needs: 'agents:read' }, async (em: Em, principal: Principal, runId: string): Promise<TriggerRunView> => {
  const { run, trigger } = await findRun(em, principal, runId);
  const event = await em.findOneOrFail(WebhookEvent, { id: run.event }, { fields: ['id', 'type'] });
  return toRunView(run, trigger, event);
});
