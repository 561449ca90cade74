import type { Em } from '../../db/orm.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { WebhookEvent } from './triggers.entity.js';
import type { TriggerRunView } from './triggers.schemas.js';
import { findRun, toRunView } from './trigger-access.js';

export async function getTriggerRun(em: Em, principal: Principal, runId: string): Promise<TriggerRunView> {
  requirePermission(principal, 'agents:read');
  const { run, trigger } = await findRun(em, principal, runId);
  const event = await em.findOneOrFail(WebhookEvent, { id: run.event }, { fields: ['id', 'type'] });
  return toRunView(run, trigger, event);
}
