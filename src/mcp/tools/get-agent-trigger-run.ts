import { TriggerRunParams, TriggerRunResponse } from '../../modules/triggers/triggers.schemas.js';
import { getTriggerRun } from '../../modules/triggers/get-trigger-run.js';
import { defineTool } from '../tool.js';

export const getAgentTriggerRun = defineTool({
  name: 'get_agent_trigger_run',
  title: 'Get an agent trigger run',
  description:
    'One delivery of one event to a trigger: its status (pending, delivering, succeeded, failed, cancelled), the event ' +
    '(event_id is also the webhook-id header), the URL, when the next attempt is due, and every attempt with its time, ' +
    "the receiver's HTTP status code (null when no answer came), latency in ms and error.",
  operation: getTriggerRun,
  input: TriggerRunParams.shape,
  output: TriggerRunResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async ({ run_id }, { em, principal }) => ({ run: await getTriggerRun(em, principal, run_id) }),
});
