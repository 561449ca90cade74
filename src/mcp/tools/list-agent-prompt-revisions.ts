import { z } from 'zod';
import { ListRevisionsResponse } from '../../modules/agents/agents.schemas.js';
import { listAgentPromptRevisions as list } from '../../modules/agents/list-agent-prompt-revisions.js';
import { defineTool } from '../tool.js';

export const listAgentPromptRevisions = defineTool({
  name: 'list_agent_prompt_revisions',
  title: 'List prompt revisions',
  description:
    "Every edit of an agent's prompt, newest first: who made it and when, its hash, its parent, and whether it restored " +
    'an earlier revision. Pages with cursor/next_cursor.',
  operation: list,
  input: { agentId: z.string().min(1).max(60).describe('The agent (agt_...).') },
  output: ListRevisionsResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: ({ agentId, ...query }, { em, principal }) => list(em, principal, agentId, query),
});
