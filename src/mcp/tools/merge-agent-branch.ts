import { MergeResult } from '../../modules/agents/agents.schemas.js';
import { mergeAgentBranch as merge } from '../../modules/agents/merge-agent-branch.js';
import { defineTool } from '../tool.js';

export const mergeAgentBranch = defineTool({
  name: 'merge_agent_branch',
  title: 'Merge a branch into main',
  description:
    "Merges the branch (sourceBranchId) into the agent's main line as a new version. Refused while there are " +
    "conflicts (listed) or while the branch head has not passed the agent's required tests (named). Merging the same " +
    'branch head again returns the earlier merge. The change reaches callers only after publish_agent.',
  operation: merge,
  input: {},
  output: MergeResult,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: (input, { em, principal }) => merge(em, principal, input),
});
