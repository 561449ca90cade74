import type { Em } from '../../db/orm.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import type { TriggerView } from './triggers.schemas.js';
import { findTrigger, toTriggerView } from './trigger-access.js';
import type { TriggerSettings } from './trigger-settings.js';

/**
 * Enables or disables a trigger. Disabled, it makes no new runs, and runs
 * still retrying stop before their next attempt (deliverAttempt reads it).
 */
export const setTriggerEnabled = operation(
  { needs: 'triggers:manage' },
  async (em: Em, principal: Principal, triggerId: string, enabled: boolean, settings: TriggerSettings): Promise<TriggerView> => {
    const trigger = await findTrigger(em, principal, triggerId);
    trigger.enabled = enabled;
    trigger.disabledReason = enabled ? null : 'operator';
    await em.flush();
    return toTriggerView(trigger, settings.retryScheduleMs);
  },
);
