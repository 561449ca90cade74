import type { Em } from '../../db/orm.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { findAgent, findBranch, loadVersion } from './agent-access.js';
import type { AgentView } from './agents.schemas.js';
import { toAgentView } from './agent-views.js';

/** An agent with the head of main (or of `branchId`): its config, ETag and prompt hash. */
export const getAgent = operation(
  { needs: 'agents:read' },
  async (em: Em, principal: Principal, agentId: string, options: { branchId?: string } = {}): Promise<AgentView> => {
    const agent = await findAgent(em, principal, agentId, { archived: 'allow' });
    const branch = await findBranch(em, agent, options.branchId);
    return toAgentView(agent, branch, await loadVersion(em, agent, branch.headVersionId));
  },
);
