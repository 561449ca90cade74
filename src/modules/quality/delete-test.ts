import type { Em } from '../../db/orm.js';
import { notFound } from '../errors.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { recordAudit } from '../audit/record-audit.js';
import { findAgent } from '../agents/agent-access.js';
import { Agent } from '../agents/agents.entity.js';
import { Test } from './quality.entity.js';

/**
 * Deletes a test of an agent with its past runs. A required test gates the
 * agent's merges and releases, so deleting one also takes it out of that gate,
 * which only someone who may publish the agent decides: it needs
 * `agents:publish` as well (403 naming it otherwise).
 */
export const deleteTest = operation(
  { needs: 'tests:run' },
  async (em: Em, principal: Principal, agentId: string, testId: string): Promise<{ test_id: string; deleted: true; was_required: boolean }> => {
    const agent = await findAgent(em, principal, agentId, { archived: 'allow' });
    const test = await em.findOne(Test, { id: testId, agent: agent.id });
    if (!test) throw notFound('Test', testId);
    const required = test.required || agent.requiredTestIds.includes(test.id);
    if (required) requirePermission(principal, 'agents:publish');
    await em.transactional(async (tx) => {
      if (required) await tx.nativeUpdate(Agent, { id: agent.id }, { requiredTestIds: agent.requiredTestIds.filter((id) => id !== test.id) });
      await tx.nativeDelete(Test, { id: test.id });
      recordAudit(tx, principal, {
        action: 'test.delete',
        targetType: 'test',
        targetId: test.id,
        data: { name: test.name, agent_id: agent.id, was_required: required },
      });
    });
    return { test_id: test.id, deleted: true, was_required: required };
  },
);
