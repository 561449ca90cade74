import type { Em } from '../../db/orm.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { findAgent } from './agent-access.js';
import { AgentBranch } from './agents.entity.js';
import type { BranchView } from './agents.schemas.js';
import { toBranchViews } from './agent-views.js';
import { findPage, type Page, type PageOf } from '../paging.js';

/** An agent's branches, oldest first (so main, made with the agent, leads the first page). */
export async function listAgentBranches(em: Em, principal: Principal, agentId: string, query: Page): Promise<PageOf<BranchView>> {
  requirePermission(principal, 'agents:read');
  const agent = await findAgent(em, principal, agentId, { archived: 'allow' });
  const page = await findPage(em, AgentBranch, { agent: agent.id }, query, { list: 'branches', order: 'asc', filters: { agent_id: agent.id } });
  return { ...page, items: await toBranchViews(em, page.items) };
}
