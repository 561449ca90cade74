import { z } from 'zod';
import { AgentResponse } from '../../modules/agents/agents.schemas.js';
import { updateAgent as update } from '../../modules/agents/update-agent.js';
import { defineTool } from '../tool.js';

export const updateAgent = defineTool({
  name: 'update_agent',
  title: 'Update an agent',
  description:
    'Changes fields of an agent on a branch (default main), making a new immutable version. Send if_match with the etag ' +
    'you last read (from create_agent or a previous update) to refuse the change when someone else changed the agent in ' +
    'between. For edits of a long prompt prefer patch_agent_prompt.',
  operation: update,
  input: {
    agentId: z.string().min(1).max(60).describe('The agent (agt_...).'),
    if_match: z.string().max(100).optional().describe('The etag you last read; a stale one is refused with the current etag.'),
  },
  output: AgentResponse,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: async ({ agentId, if_match, ...changes }, { em, principal }) => ({
    agent: await update(em, principal, agentId, changes, { ifMatch: if_match }),
  }),
});
