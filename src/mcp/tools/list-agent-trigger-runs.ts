import { ListRunsResponse, TriggerParams } from '../../modules/triggers/triggers.schemas.js';
import { listTriggerRuns } from '../../modules/triggers/list-trigger-runs.js';
import { listAnswer } from '../../modules/paging.js';
import { defineTool } from '../tool.js';

export const listAgentTriggerRunsTool = defineTool({
  name: 'list_agent_trigger_runs',
  title: "List a trigger's runs",
  description:
    'The deliveries of a trigger, newest first: run_id, event, status (pending, delivering, succeeded, ' +
    'failed), attempts with their HTTP status. One run in full: get_agent_trigger_run. Pages: pass next_cursor ' +
    'back as cursor.',
  operation: listTriggerRuns,
  input: TriggerParams.shape,
  output: ListRunsResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async ({ trigger_id, ...page }, { em, principal }) => listAnswer('runs', await listTriggerRuns(em, principal, trigger_id, page)),
});
