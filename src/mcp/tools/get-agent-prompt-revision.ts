import { RevisionDetailResponse } from '../../modules/agents/agents.schemas.js';
import { getPromptRevision } from '../../modules/agents/get-prompt-revision.js';
import { defineTool } from '../tool.js';

export const getAgentPromptRevision = defineTool({
  name: 'get_agent_prompt_revision',
  title: 'Get a prompt revision',
  description:
    "One revision of an agent's prompt (from list_agent_prompt_revisions): the whole prompt it left and a unified diff " +
    'from its parent revision, to read what an edit changed or choose one to restore.',
  operation: getPromptRevision,
  input: {},
  output: RevisionDetailResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: (input, { em, principal }) => getPromptRevision(em, principal, input),
});
