import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { findAgent } from '../agents/agent-access.js';
import { Test } from './quality.entity.js';
import type { TestView } from './quality.schemas.js';
import { toTestView } from './quality-views.js';
import { findPage, PageQuery, type PageOf } from '../paging.js';

/** The tests of an agent, oldest first (an agent has tens of tests, not thousands: no paging). */
export const listTests = operation(
  { needs: 'tests:run', input: PageQuery },
  async (em: Em, principal: Principal, agentId: string, query: z.output<typeof PageQuery>): Promise<PageOf<TestView>> => {
    const agent = await findAgent(em, principal, agentId, { archived: 'allow' });
    const page = await findPage(em, Test, { agent: agent.id }, query, { list: 'tests', order: 'asc', filters: { agent_id: agent.id } });
    return { ...page, items: page.items.map(toTestView) };
  },
);
