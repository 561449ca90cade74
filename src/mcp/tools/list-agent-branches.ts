import { AgentIdParams, ListBranchesResponse } from '../../modules/agents/agents.schemas.js';
import { listAgentBranches } from '../../modules/agents/list-agent-branches.js';
import { listAnswer } from '../../modules/paging.js';
import { defineTool } from '../tool.js';

export const listAgentBranchesTool = defineTool({
  name: 'list_agent_branches',
  title: "List an agent's branches",
  description:
    'The branches of an agent, main first then by age: branch_id, name, is_main, state (open, merged, closed), ' +
    'head and base versions. Pages: pass next_cursor back as cursor.',
  operation: listAgentBranches,
  input: AgentIdParams.shape,
  output: ListBranchesResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async ({ agent_id, ...page }, { em, principal }) => listAnswer('branches', await listAgentBranches(em, principal, agent_id, page)),
});
