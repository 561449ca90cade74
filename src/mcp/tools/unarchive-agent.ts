import { ArchiveResult } from '../../modules/agents/agents.schemas.js';
import { unarchiveAgent as unarchive } from '../../modules/agents/unarchive-agent.js';
import { defineTool } from '../tool.js';

export const unarchiveAgent = defineTool({
  name: 'unarchive_agent',
  title: 'Bring an archived agent back',
  description: 'The agent takes changes again and can be published (list_agents with archived true shows archived agents).',
  operation: unarchive,
  input: {},
  output: ArchiveResult,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: (input, { em, principal }) => unarchive(em, principal, input),
});
