import { MergePreview } from '../../modules/agents/agents.schemas.js';
import { previewAgentBranchMerge as preview } from '../../modules/agents/preview-agent-branch-merge.js';
import { defineTool } from '../tool.js';

export const previewAgentBranchMerge = defineTool({
  name: 'preview_agent_branch_merge',
  title: 'Preview a branch merge',
  description:
    'Shows what merging the branch into main would give, without changing anything: a three-way merge against the ' +
    'common base (the prompt line by line, other fields one by one), with every conflict listed with base, main ' +
    '(ours) and branch (theirs) values.',
  operation: preview,
  input: {},
  output: MergePreview,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: (input, { em, principal }) => preview(em, principal, input),
});
