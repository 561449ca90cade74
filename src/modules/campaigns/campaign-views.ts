import type { Em } from '../../db/orm.js';
import { workflowIds } from '../../../workflows/workflow-ids.js';
import type { CampaignProgress } from '../../../workflows/outbound-campaign/messages.js';
import type { Campaign } from './campaigns.entity.js';
import { recipientCounts } from './campaign-steps.js';
import type { CampaignView } from './campaigns.schemas.js';

/** The campaign with its counts, read from the recipients (one grouped query), and live progress when asked. */
export async function campaignView(em: Em, campaign: Campaign, progress: CampaignProgress | null): Promise<CampaignView> {
  const counts = await recipientCounts(em, campaign.id);
  return {
    campaign_id: campaign.id,
    name: campaign.name,
    agent_id: campaign.agent,
    caller_numbers: campaign.callerNumbers,
    window: campaign.window ?? null,
    time_zone: campaign.timeZone,
    max_concurrent_calls: campaign.maxConcurrent,
    calls_per_minute: campaign.callsPerMinute,
    retry: campaign.retry,
    spend_cap_micros: campaign.spendCapMicros ?? null,
    spent_micros: Number(campaign.spentMicros),
    status: campaign.status,
    reason: campaign.reason ?? null,
    counts,
    progress: progress as Record<string, unknown> | null,
    workflow_id: workflowIds.campaign(campaign.id),
    created_at: campaign.createdAt.toISOString(),
    finished_at: campaign.finishedAt?.toISOString() ?? null,
  };
}
