import { CampaignResponse } from '../../modules/campaigns/campaigns.schemas.js';
import { launchCampaign } from '../../modules/campaigns/launch-campaign.js';
import { temporalAccess } from '../../modules/temporal-access.js';
import { defineTool } from '../tool.js';

export const outboundCampaignLaunch = defineTool({
  name: 'outbound_campaign_launch',
  title: 'Launch an outbound campaign',
  description:
    'Calls a list of contacts (contact_ids) or phone numbers (numbers, resolved to contacts) with an agent, from the ' +
    "organization's caller_numbers, as a durable campaign: each recipient only within the calling window in their own " +
    'local time (zone from their number, else time_zone), never a number on the do-not-call list (checked right before ' +
    'each dial), at most max_concurrent_calls at once and calls_per_minute, retrying no_answer/busy/voicemail within ' +
    'retry.max_attempts after retry.delay_seconds, and stopping new dials once spend_cap_micros is reached. Returns at ' +
    'once with the campaign and its counts. Give an idempotency_key to make a retry return the same campaign. Needs ' +
    'outbound:launch.',
  operation: launchCampaign,
  input: {},
  output: CampaignResponse,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  handler: async (input, { em, principal, deps }) => ({ campaign: await launchCampaign(em, principal, input, temporalAccess(deps)) }),
});
