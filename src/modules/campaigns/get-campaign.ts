import { WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import type { Em } from '../../db/orm.js';
import { DomainError, notFound } from '../errors.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { parseInput } from '../validation.js';
import { actorOf } from '../agents/agent-access.js';
import { withinDeadline, type TemporalAccess } from '../../temporal/temporal-access.js';
import { workflowIds } from '../../temporal/workflow-ids.js';
import {
  cancelUpdate, pauseUpdate, progressQuery, resumeUpdate, setPaceUpdate, type CampaignProgress,
} from '../../../workflows/outbound-campaign/messages.js';
import { Campaign } from './campaigns.entity.js';
import { recipientCounts } from './campaign-steps.js';
import { CampaignParams, CampaignPaceBody, type CampaignView } from './campaigns.schemas.js';
import { findPage, type Page, type PageOf } from '../paging.js';

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

async function findCampaign(em: Em, principal: Principal, id: string): Promise<Campaign> {
  const { campaign_id } = parseInput(CampaignParams, { campaign_id: id }, 'path');
  const campaign = await em.findOne(Campaign, {
    id: campaign_id, organization: principal.organizationId, ...(principal.projectId ? { project: principal.projectId } : {}),
  });
  if (!campaign) throw notFound('Campaign', campaign_id);
  return campaign;
}

export async function getCampaign(em: Em, principal: Principal, id: string, temporal?: TemporalAccess): Promise<CampaignView> {
  requirePermission(principal, 'agents:read');
  const campaign = await findCampaign(em, principal, id);
  let progress: CampaignProgress | null = null;
  if (temporal && (campaign.status === 'running' || campaign.status === 'paused')) {
    // Live progress is a nicety: a slow or absent workflow leaves it null, the read state still answers.
    progress = await withinDeadline(temporal.client, 2000, () => temporal.client.workflow.getHandle(workflowIds.campaign(campaign.id)).query(progressQuery))
      .catch(() => null);
  }
  return campaignView(em, campaign, progress);
}

export async function listCampaigns(em: Em, principal: Principal, query: Page): Promise<PageOf<Omit<CampaignView, 'progress'>>> {
  requirePermission(principal, 'agents:read');
  const page = await findPage(em, Campaign, { organization: principal.organizationId, ...(principal.projectId ? { project: principal.projectId } : {}) }, query,
    { list: 'campaigns', order: 'desc', filters: { project: principal.projectId } });
  const views = [];
  for (const campaign of page.items) {
    const { progress: _progress, ...view } = await campaignView(em, campaign, null);
    views.push(view);
  }
  return { ...page, items: views };
}

export const CAMPAIGN_MOVES = ['pause', 'resume', 'cancel', 'pace'] as const;
export type CampaignMoveName = (typeof CAMPAIGN_MOVES)[number];

/**
 * Pause, resume, cancel or re-pace a campaign: an Update of its workflow,
 * whose validator refuses what makes no sense now (409 with its reason).
 */
export async function controlCampaign(
  em: Em, principal: Principal, input: { campaignId: string; move: CampaignMoveName; reason?: string; pace?: unknown }, temporal: TemporalAccess,
): Promise<CampaignView> {
  requirePermission(principal, 'outbound:launch');
  const campaign = await findCampaign(em, principal, input.campaignId);
  const pace = input.move === 'pace' ? parseInput(CampaignPaceBody, input.pace ?? {}, 'body') : null;
  if (campaign.status === 'cancelled' || campaign.status === 'completed') {
    throw new DomainError('CONFLICT', `Campaign ${campaign.id} has finished (${campaign.status})`, { campaign_id: campaign.id, campaign_status: campaign.status });
  }
  const by = actorOf(principal);
  const handle = temporal.client.workflow.getHandle(workflowIds.campaign(campaign.id));
  let progress: CampaignProgress;
  try {
    progress = pace
      ? await handle.executeUpdate(setPaceUpdate, { args: [{ by, maxConcurrent: pace.max_concurrent_calls, callsPerMinute: pace.calls_per_minute }] })
      : await handle.executeUpdate({ pause: pauseUpdate, resume: resumeUpdate, cancel: cancelUpdate }[input.move as 'pause'], {
        args: [{ by, ...(input.reason ? { reason: input.reason } : {}) }],
      });
  } catch (error) {
    if (error instanceof WorkflowUpdateFailedError) {
      throw new DomainError('CONFLICT', (error.cause as Error | undefined)?.message ?? `The campaign refused ${input.move}`, { campaign_id: campaign.id, move: input.move });
    }
    if (error instanceof WorkflowNotFoundError) {
      throw new DomainError('CONFLICT', `Campaign ${campaign.id} is not running`, { campaign_id: campaign.id });
    }
    throw error;
  }
  const fresh = await findCampaign(em.fork(), principal, campaign.id);
  return campaignView(em, fresh, progress);
}
