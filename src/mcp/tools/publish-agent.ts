import { PublicationResult } from '../../modules/agents/agents.schemas.js';
import { publishAgent as publish } from '../../modules/agents/publish-agent.js';
import { defineTool } from '../tool.js';

export const publishAgent = defineTool({
  name: 'publish_agent',
  title: 'Publish an agent',
  description:
    "Makes the head of the agent's main line live: new calls run on it. The previous live version is kept for " +
    'rollback. Publishing the version that is already live changes nothing.',
  operation: publish,
  input: {},
  output: PublicationResult,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: (input, { em, principal }) => publish(em, principal, input),
});
