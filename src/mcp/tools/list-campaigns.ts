import { ListCampaignsResponse } from '../../modules/campaigns/campaigns.schemas.js';
import { listCampaigns } from '../../modules/campaigns/list-campaigns.js';
import { listAnswer } from '../../modules/paging.js';
import { defineTool } from '../tool.js';

export const listCampaignsTool = defineTool({
  name: 'list_campaigns',
  title: 'List campaigns',
  description:
    "The organization's outbound campaigns, newest first: campaign_id, name, agent, status (running, paused, " +
    'completed, cancelled), spend and recipient counts. Move one with outbound_campaign_pause, _resume, ' +
    '_cancel or _pace. Pages: pass next_cursor back as cursor.',
  operation: listCampaigns,
  input: {},
  output: ListCampaignsResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (page, { em, principal }) => listAnswer('campaigns', await listCampaigns(em, principal, page)),
});
