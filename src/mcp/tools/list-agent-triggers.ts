import { ListTriggersResponse } from '../../modules/triggers/triggers.schemas.js';
import { listTriggers } from '../../modules/triggers/list-triggers.js';
import { triggerSettingsFrom } from '../../modules/triggers/trigger-settings.js';
import { listAnswer } from '../../modules/paging.js';
import { defineTool } from '../tool.js';

export const listAgentTriggersTool = defineTool({
  name: 'list_agent_triggers',
  title: 'List agent triggers',
  description:
    'The webhook triggers of the organization, or of one agent: trigger_id, the event kinds, the URL, enabled, ' +
    'retries. Their deliveries: list_agent_trigger_runs. Pages: pass next_cursor back as cursor.',
  operation: listTriggers,
  input: {},
  output: ListTriggersResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async ({ agent_id, ...page }, { em, principal, deps }) =>
    listAnswer('triggers', await listTriggers(em, principal, agent_id, triggerSettingsFrom(deps.config), page)),
});
