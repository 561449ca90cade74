import type { Em } from '../../db/orm.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import type { TriggerView } from './triggers.schemas.js';
import { findTrigger, toTriggerView } from './trigger-access.js';
import type { TriggerSettings } from './trigger-settings.js';

export const getTrigger = operation(
  { needs: 'agents:read' },
  async (em: Em, principal: Principal, triggerId: string, settings: TriggerSettings): Promise<TriggerView> =>
    toTriggerView(await findTrigger(em, principal, triggerId), settings.retryScheduleMs),
);
