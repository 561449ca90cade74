import { CampaignParams, ListRecipientsResponse } from '../../modules/campaigns/campaigns.schemas.js';
import { listCampaignRecipients } from '../../modules/campaigns/list-campaign-recipients.js';
import { listAnswer } from '../../modules/paging.js';
import { defineTool } from '../tool.js';

export const listCampaignRecipientsTool = defineTool({
  name: 'list_campaign_recipients',
  title: "List a campaign's recipients",
  description:
    "A campaign's recipients in the order it was launched with: name, phone, state (queued, dialling, in_call, done, " +
    'skipped_dnc, skipped_window, failed, cancelled), attempts, last outcome, and each attempt with its outbound_call_id ' +
    'and session_id (get_call reads the call). Filter with state. Pages: pass next_cursor back as cursor.',
  operation: listCampaignRecipients,
  input: CampaignParams.shape,
  output: ListRecipientsResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async ({ campaign_id, ...page }, { em, principal }) => listAnswer('recipients', await listCampaignRecipients(em, principal, campaign_id, page)),
});
