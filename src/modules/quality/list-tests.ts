import type { Em } from '../../db/orm.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { findAgent } from '../agents/agent-access.js';
import { Test } from './quality.entity.js';
import type { TestView } from './quality.schemas.js';
import { toTestView } from './quality-views.js';
import { findPage, type Page, type PageOf } from '../paging.js';

/** The tests of an agent, oldest first (an agent has tens of tests, not thousands: no paging). */
export async function listTests(em: Em, principal: Principal, agentId: string, query: Page): Promise<PageOf<TestView>> {
  requirePermission(principal, 'tests:run');
  const agent = await findAgent(em, principal, agentId, { archived: 'allow' });
  const page = await findPage(em, Test, { agent: agent.id }, query, { list: 'tests', order: 'asc', filters: { agent_id: agent.id } });
  return { ...page, items: page.items.map(toTestView) };
}
