import { AgentResponse } from '../../modules/agents/agents.schemas.js';
import { createAgent as create } from '../../modules/agents/create-agent.js';
import { defineTool } from '../tool.js';

export const createAgent = defineTool({
  name: 'create_agent',
  title: 'Create an agent',
  description:
    'Creates a voice agent with its configuration (prompt, first message, language, voice, model, tools with their ' +
    'Allow/Ask/Block permissions, variables to collect, transfer destinations, end-call rules). The agent gets a main ' +
    'branch and a first version; it is not live until publish_agent. Returns the agent with its etag (content hash).',
  operation: create,
  input: {},
  output: AgentResponse,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: async (input, { em, principal }) => ({ agent: await create(em, principal, input) }),
});
