import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { findAgent } from './agent-access.js';
import { AgentBranch } from './agents.entity.js';
import type { BranchView } from './agents.schemas.js';
import { toBranchViews } from './agent-views.js';
import { findPage, PageQuery, type PageOf } from '../paging.js';

/** An agent's branches, oldest first (so main, made with the agent, leads the first page). */
export const listAgentBranches = operation(
  { needs: 'agents:read', input: PageQuery },
  async (em: Em, principal: Principal, agentId: string, query: z.output<typeof PageQuery>): Promise<PageOf<BranchView>> => {
    const agent = await findAgent(em, principal, agentId, { archived: 'allow' });
    const page = await findPage(em, AgentBranch, { agent: agent.id }, query, { list: 'branches', order: 'asc', filters: { agent_id: agent.id } });
    return { ...page, items: await toBranchViews(em, page.items) };
  },
);
