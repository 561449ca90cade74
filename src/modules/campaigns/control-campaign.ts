import type { Em } from '../../db/orm.js';
import { DomainError } from '../errors.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { parseInput } from '../validation.js';
import { actorOf } from '../agents/agent-access.js';
import { moveWorkflow, type TemporalAccess } from '../temporal-access.js';
import { workflowIds } from '../../../workflows/workflow-ids.js';
import { cancelUpdate, pauseUpdate, resumeUpdate, setPaceUpdate, type CampaignProgress } from '../../../workflows/outbound-campaign/messages.js';
import { CampaignPaceBody, type CampaignView } from './campaigns.schemas.js';
import { campaignView } from './campaign-views.js';
import { findCampaign } from './campaign-access.js';

export const CAMPAIGN_MOVES = ['pause', 'resume', 'cancel', 'pace'] as const;

export type CampaignMoveName = (typeof CAMPAIGN_MOVES)[number];

/**
 * Pause, resume, cancel or re-pace a campaign: an Update of its workflow,
 * whose validator refuses what makes no sense now (409 with its reason).
 */
export const controlCampaign = operation(
  { needs: 'outbound:launch' },
  async (
    em: Em,
    principal: Principal,
    input: { campaignId: string; move: CampaignMoveName; reason?: string; pace?: unknown },
    temporal: TemporalAccess,
  ): Promise<CampaignView> => {
    const campaign = await findCampaign(em, principal, input.campaignId);
    const pace = input.move === 'pace' ? parseInput(CampaignPaceBody, input.pace ?? {}, '') : null;
    if (campaign.status === 'cancelled' || campaign.status === 'completed') {
      throw new DomainError('CONFLICT', `Campaign ${campaign.id} has finished (${campaign.status})`, {
        campaign_id: campaign.id,
        campaign_status: campaign.status,
      });
    }
    const by = actorOf(principal);
    const handle = temporal.client.workflow.getHandle(workflowIds.campaign(campaign.id));
    const progress: CampaignProgress = await moveWorkflow(
      () =>
        pace
          ? handle.executeUpdate(setPaceUpdate, { args: [{ by, maxConcurrent: pace.max_concurrent_calls, callsPerMinute: pace.calls_per_minute }] })
          : handle.executeUpdate({ pause: pauseUpdate, resume: resumeUpdate, cancel: cancelUpdate }[input.move as 'pause'], {
              args: [{ by, ...(input.reason ? { reason: input.reason } : {}) }],
            }),
      { noun: 'campaign', move: input.move, details: { campaign_id: campaign.id }, notRunning: `Campaign ${campaign.id} is not running` },
    );
    const fresh = await findCampaign(em.fork(), principal, campaign.id);
    return campaignView(em, fresh, progress);
  },
);
