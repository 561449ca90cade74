import { CreatedTriggerResponse } from '../../modules/triggers/triggers.schemas.js';
import { createTrigger } from '../../modules/triggers/create-trigger.js';
import { triggerSettingsFrom } from '../../modules/triggers/trigger-settings.js';
import { defineTool } from '../tool.js';

export const agentTriggerCreate = defineTool({
  name: 'agent_trigger_create',
  title: 'Create an agent trigger (webhook)',
  description:
    "Subscribes a URL to an agent's events (call.ended, call.analyzed, variables.collected, tool_call.failed, " +
    'transfer.started, campaign.finished, call.started). Each event is POSTed as {type, id, created_at, organization_id, ' +
    'data}, signed per Standard Webhooks with the returned signing_secret (whsec_...), which is shown only in this ' +
    "answer: hand it to the receiver's operator. Failed deliveries are retried on a schedule (default 5 s, 5 min, " +
    '30 min, 2 h, 5 h, 10 h); a 410 answer disables the trigger. Each delivery is a trigger run: see get_agent_trigger_run.',
  operation: createTrigger,
  input: {},
  output: CreatedTriggerResponse,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  handler: async (input, { em, principal, deps }) => createTrigger(em, principal, input, triggerSettingsFrom(deps.config)),
});
