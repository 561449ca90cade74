import { BranchResponse } from '../../modules/agents/agents.schemas.js';
import { createAgentBranch as create } from '../../modules/agents/create-agent-branch.js';
import { defineTool } from '../tool.js';

export const createAgentBranch = defineTool({
  name: 'create_agent_branch',
  title: 'Create an agent branch',
  description:
    "Creates a named working copy of the agent's main line. Change it with update_agent or patch_agent_prompt (pass " +
    'its branchId), test it with test_run, compare with preview_agent_branch_merge, then merge_agent_branch.',
  operation: create,
  input: {},
  output: BranchResponse,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: async (input, { em, principal }) => ({ branch: await create(em, principal, input) }),
});
