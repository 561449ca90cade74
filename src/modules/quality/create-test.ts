import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { actorOf, findAgent } from '../agents/agent-access.js';
import { Test } from './quality.entity.js';
import { CreateTestBody, type TestView } from './quality.schemas.js';
import { toTestView } from './quality-views.js';

/**
 * Creates a test of an agent (test_create). A required test joins the
 * agent's merge gate (`requiredTestIds`) in the same transaction; the agent
 * row is locked, so concurrent creates keep the list whole and the name
 * check cannot race.
 */
export const createTest = operation(
  { needs: 'tests:run', input: CreateTestBody },
  async (em: Em, principal: Principal, body: z.output<typeof CreateTestBody>): Promise<TestView> => {
    return em.transactional(async (tx) => {
      const agent = await findAgent(tx, principal, body.agent_id, { lock: true });
      if (await tx.count(Test, { agent: agent.id, name: body.name })) {
        throw new DomainError('CONFLICT', `The agent already has a test named ${body.name}`, {
          issues: [{ field: 'name', message: 'is used by another test of this agent' }],
        });
      }
      const test = tx.create(Test, {
        id: newId('test'),
        organization: agent.organization,
        project: agent.project,
        agent: agent.id,
        name: body.name,
        customerTurns: body.customer_turns,
        checks: body.checks,
        required: body.required,
        createdBy: actorOf(principal),
      });
      if (body.required) agent.requiredTestIds = [...agent.requiredTestIds, test.id];
      recordAudit(tx, principal, {
        action: 'test.create',
        targetType: 'agent',
        targetId: agent.id,
        projectId: agent.project,
        data: { test_id: test.id, name: test.name, required: test.required, checks: test.checks.length },
      });
      await tx.flush();
      return toTestView(test);
    });
  },
);
