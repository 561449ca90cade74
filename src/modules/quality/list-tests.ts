import type { Em } from '../../db/orm.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { findAgent } from '../agents/agent-access.js';
import { Test } from './quality.entity.js';
import type { TestView } from './quality.schemas.js';
import { toTestView } from './quality-views.js';

/** The tests of an agent, oldest first (an agent has tens of tests, not thousands: no paging). */
export async function listTests(em: Em, principal: Principal, agentId: string): Promise<TestView[]> {
  requirePermission(principal, 'tests:run');
  const agent = await findAgent(em, principal, agentId);
  const tests = await em.find(Test, { agent: agent.id }, { orderBy: { id: 'asc' } });
  return tests.map(toTestView);
}
