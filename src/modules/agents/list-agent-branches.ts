import type { Em } from '../../db/orm.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { findAgent } from './agent-access.js';
import { AgentBranch } from './agents.entity.js';
import type { BranchView } from './agents.schemas.js';
import { toBranchViews } from './agent-views.js';

/** Every branch of an agent, main first, then oldest first. Not paged: an agent has a handful of branches. */
export async function listAgentBranches(em: Em, principal: Principal, agentId: string): Promise<BranchView[]> {
  requirePermission(principal, 'agents:read');
  const agent = await findAgent(em, principal, agentId);
  const branches = await em.find(AgentBranch, { agent: agent.id }, { orderBy: { isMain: 'desc', id: 'asc' } });
  return toBranchViews(em, branches);
}
