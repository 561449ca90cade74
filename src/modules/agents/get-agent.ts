import type { Em } from '../../db/orm.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { findAgent, findBranch, loadVersion } from './agent-access.js';
import type { AgentView } from './agents.schemas.js';
import { toAgentView } from './agent-views.js';

/** An agent with the head of main (or of `branchId`): its config, ETag and prompt hash. */
export async function getAgent(em: Em, principal: Principal, agentId: string, options: { branchId?: string } = {}): Promise<AgentView> {
  requirePermission(principal, 'agents:read');
  const agent = await findAgent(em, principal, agentId, { archived: 'allow' });
  const branch = await findBranch(em, agent, options.branchId);
  return toAgentView(agent, branch, await loadVersion(em, agent, branch.headVersionId));
}
