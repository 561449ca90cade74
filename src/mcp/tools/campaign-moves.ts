import { z } from 'zod';
import { CampaignPaceBody, CampaignParams, CampaignResponse } from '../../modules/campaigns/campaigns.schemas.js';
import { controlCampaign } from '../../modules/campaigns/control-campaign.js';
import { temporalAccess } from '../../modules/temporal-access.js';
import { defineTool, type Tool } from '../tool.js';

const WHAT = {
  pause: { title: 'Pause a campaign', description: 'Pauses a campaign: no new dials until it is resumed; calls in flight finish.', destructive: false },
  resume: { title: 'Resume a campaign', description: 'Resumes a paused campaign.', destructive: false },
  cancel: {
    title: 'Cancel a campaign',
    description: 'Cancels a campaign: no new dials, calls in flight finish, recipients not yet dialled end as cancelled.',
    destructive: true,
  },
} as const;

/** Pause, resume and cancel, one tool each as REST has one route each: `outbound_campaign_<move>`. */
const moves: Tool[] = (['pause', 'resume', 'cancel'] as const).map((move) =>
  defineTool({
    name: `outbound_campaign_${move}`,
    title: WHAT[move].title,
    description:
      `${WHAT[move].description} A move the campaign cannot make now (resume one that is running, anything once it ` +
      'finished) is refused saying why. The reason, if given, is recorded with the campaign.',
    input: { ...CampaignParams.shape, reason: z.string().trim().min(1).max(500).optional().describe('Why, recorded with the campaign.') },
    output: CampaignResponse,
    annotations: { readOnlyHint: false, destructiveHint: WHAT[move].destructive, idempotentHint: false, openWorldHint: false },
    operation: controlCampaign,
    handler: async ({ campaign_id, reason }, { em, principal, deps }) => ({
      campaign: await controlCampaign(em, principal, { campaignId: campaign_id, move, reason }, temporalAccess(deps)),
    }),
  }),
);

const pace = defineTool({
  name: 'outbound_campaign_pace',
  title: 'Re-pace a campaign',
  description: "Changes a running or paused campaign's max_concurrent_calls and/or calls_per_minute; the next dials follow them.",
  input: { ...CampaignParams.shape, ...CampaignPaceBody.shape },
  output: CampaignResponse,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  operation: controlCampaign,
  handler: async ({ campaign_id, ...paceBody }, { em, principal, deps }) => ({
    campaign: await controlCampaign(em, principal, { campaignId: campaign_id, move: 'pace', pace: paceBody }, temporalAccess(deps)),
  }),
});

export const campaignMoveTools: Tool[] = [...moves, pace];
