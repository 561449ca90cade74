import { z } from 'zod';
import { ListPromptRevisionsQuery, ListRevisionsResponse } from '../../modules/agents/agents.schemas.js';
import { listAgentPromptRevisions as list } from '../../modules/agents/list-agent-prompt-revisions.js';
import { defineTool } from '../tool.js';

export const listAgentPromptRevisions = defineTool({
  name: 'list_agent_prompt_revisions',
  title: 'List prompt revisions',
  description:
    "Every edit of an agent's prompt, newest first: who made it and when, its hash, its parent, and whether it restored " +
    'an earlier revision. Pages with cursor/next_cursor.',
  input: { agentId: z.string().min(1).max(60).describe('The agent (agt_...).'), ...ListPromptRevisionsQuery.shape },
  output: ListRevisionsResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  permission: 'agents:read',
  handler: ({ agentId, ...query }, { em, principal }) => list(em, principal, agentId, query),
});
