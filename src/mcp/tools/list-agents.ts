import { ListAgentsResponse } from '../../modules/agents/agents.schemas.js';
import { listAgents } from '../../modules/agents/list-agents.js';
import { defineTool } from '../tool.js';

export const listAgentsTool = defineTool({
  name: 'list_agents',
  title: 'List agents',
  description:
    "The organization's agents (in a project sign-in, that project's), newest first, each with main's head: " +
    'agent_id, name, config, etag. Archived agents are left out unless archived is true or include. Pages: pass next_cursor back as cursor.',
  operation: listAgents,
  input: {},
  output: ListAgentsResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: (input, { em, principal }) => listAgents(em, principal, input),
});
