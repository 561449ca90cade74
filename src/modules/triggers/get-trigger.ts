import type { Em } from '../../db/orm.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import type { TriggerView } from './triggers.schemas.js';
import { findTrigger, toTriggerView } from './trigger-access.js';
import type { TriggerSettings } from './trigger-settings.js';

export async function getTrigger(em: Em, principal: Principal, triggerId: string, settings: TriggerSettings): Promise<TriggerView> {
  requirePermission(principal, 'agents:read');
  return toTriggerView(await findTrigger(em, principal, triggerId), settings.retryScheduleMs);
}
