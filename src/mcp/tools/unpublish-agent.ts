import { UnpublishResult } from '../../modules/agents/agents.schemas.js';
import { unpublishAgent as unpublish } from '../../modules/agents/unpublish-agent.js';
import { defineTool } from '../tool.js';

export const unpublishAgent = defineTool({
  name: 'unpublish_agent',
  title: 'Take an agent off the air',
  description:
    'No version of the agent is live afterwards and its traffic split is cleared. Refused while destinations route ' +
    'calls to it or campaigns, outbound calls, releases or enabled triggers drive it: the error lists them (in_use_by) ' +
    'with how to end each. publish_agent puts it back on the air.',
  operation: unpublish,
  input: {},
  output: UnpublishResult,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler: (input, { em, principal }) => unpublish(em, principal, input),
});
