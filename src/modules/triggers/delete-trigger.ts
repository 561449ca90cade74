import type { Em } from '../../db/orm.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { AgentTrigger, TriggerRun } from './triggers.entity.js';
import { findTrigger } from './trigger-access.js';

/**
 * Deletes a trigger with its runs. A run's workflow still waiting finds its
 * row gone before the next attempt and stops (deliverAttempt).
 */
export const deleteTrigger = operation(
  { needs: 'triggers:manage' },
  async (em: Em, principal: Principal, triggerId: string): Promise<{ trigger_id: string; deleted: true }> => {
    const trigger = await findTrigger(em, principal, triggerId);
    await em.nativeDelete(TriggerRun, { trigger: trigger.id });
    await em.nativeDelete(AgentTrigger, { id: trigger.id });
    return { trigger_id: trigger.id, deleted: true };
  },
);
