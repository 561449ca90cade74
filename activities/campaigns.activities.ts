import { ApplicationFailure, Context } from '@temporalio/activity';
import { heartbeating } from './heartbeat.js';
import { activityConfirmations } from './confirmations.js';
import { WorkflowNotFoundError } from '@temporalio/client';
import * as steps from '../src/modules/campaigns/outbound-call-steps.js';
import { outboundCallRoute } from '../src/modules/campaigns/outbound-route.js';
import * as campaign from '../src/modules/campaigns/campaign-steps.js';
import { runClaimDials, settleFailedBatch } from '../src/modules/campaigns/carrier-dial.js';
import type { CampaignStatus } from '../src/modules/campaigns/campaigns.entity.js';
import { defaultEngineSettings } from '../src/modules/engine/engine-settings.js';
import { DNC_BLOCKED } from '../workflows/outbound-call/messages.js';
import type { ActivityDeps } from './index.js';
import { permanentOnDomainError } from './failures.js';

/**
 * Runs a step while heartbeating every second, so the presets can declare a
 * short heartbeat timeout: when the worker running it dies, Temporal retries
 * the step on another worker within seconds instead of after its
 * start-to-close timeout (a campaign's slots are held meanwhile).
 */
async function beating<T>(fn: () => Promise<T>): Promise<T> {
  if (Context.current().info.isLocal) return permanentOnDomainError(fn);
  return heartbeating(() => permanentOnDomainError(fn));
}

/**
 * The outboundCall workflow's activities: closures over
 * the injected ORM, each call on its own em.fork(), each idempotent per call
 * (modules/campaigns/outbound-call-steps.ts).
 */
export function createCampaignActivities({ orm, engineSettings }: ActivityDeps) {
  const em = () => orm.em.fork();
  const settings = () => engineSettings ?? defaultEngineSettings();
  return {
    /** Throws a non-retryable DNC_BLOCKED failure when the callee is on the do-not-call list: a decision, not an error. */
    checkDoNotCall: async (outboundCallId: string): Promise<void> => {
      const blocked = await beating(() => steps.isCallBlocked(em(), outboundCallId));
      if (blocked) throw ApplicationFailure.create({ type: DNC_BLOCKED, message: 'The number is on the do-not-call list', nonRetryable: true });
    },
    dialOutboundCall: (outboundCallId: string) => beating(() => steps.dialOutboundCall(em(), settings(), outboundCallId)),
    /** Carrier or SIP trunk (modules/campaigns/outbound-route.ts): a read, safe to repeat. */
    outboundCallRoute: (outboundCallId: string) => outboundCallRoute(em(), outboundCallId),
    completeOutboundCall: (outboundCallId: string, endReason: string) => steps.completeOutboundCall(em(), outboundCallId, endReason),
    converseOutboundCall: (outboundCallId: string) =>
      beating(() => steps.converseOutboundCall({ orm, settings: engineSettings, confirmations: activityConfirmations() }, outboundCallId)),
    recordUnansweredCall: (outboundCallId: string, outcome: steps.UnansweredOutcome, error: string | null) =>
      beating(() => steps.recordUnansweredCall(em(), outboundCallId, outcome, error)),
    campaignSnapshot: (campaignId: string, staleMs?: number) => beating(() => campaign.campaignSnapshot(em(), campaignId, staleMs)),
    /** Reconciles stale in-flight dials whose workflow is gone (the worker's client describes them); returns how many. */
    sweepCampaignDials: (campaignId: string, staleMs: number) =>
      beating(() => {
        const client = Context.current().client;
        return campaign.sweepDials(em(), campaignId, staleMs, async (workflowId) => {
          try {
            const described = await client.workflow.getHandle(workflowId).describe();
            return described.status.name === 'RUNNING';
          } catch (error) {
            if (error instanceof WorkflowNotFoundError) return false;
            throw error;
          }
        });
      }),
    /** Closes a finished campaign (cancelled recipients, campaign.finished once); its webhooks go out from the outbox. */
    closeCampaign: (campaignId: string) => beating(async () => (await campaign.closeCampaign(em(), campaignId)).length),
    claimCampaignRecipients: (campaignId: string, token: string, limit: number) => beating(() => campaign.claimRecipients(em(), campaignId, token, limit)),
    releaseCampaignClaims: (campaignId: string, token: string) => beating(() => campaign.releaseClaim(em(), campaignId, token)),
    setCampaignStatus: (campaignId: string, status: CampaignStatus, reason: string | null) =>
      beating(() => campaign.setCampaignStatus(em(), campaignId, status, reason)),
    setCampaignPace: (campaignId: string, maxConcurrent: number, callsPerMinute: number) =>
      beating(() => campaign.setCampaignPace(em(), campaignId, maxConcurrent, callsPerMinute)),
    prepareCampaignDial: (campaignId: string, recipientId: string, attempt: number, dialKey: string) =>
      beating(() => campaign.prepareDial(em(), campaignId, recipientId, attempt, dialKey)),
    /** The claim's carrier dials, side by side (runClaimDials, decision 0033); returns its SIP trunk dials. */
    dialCampaignBatch: (campaignId: string, token: string) =>
      heartbeating(() => runClaimDials({ orm, settings: engineSettings, confirmations: activityConfirmations() }, campaignId, token), { first: true }),
    /** A batch that failed for good: its open dials are settled (each call's own ending, else failed). */
    failCampaignBatch: (campaignId: string, token: string, reason: string) => beating(() => settleFailedBatch({ orm }, campaignId, token, reason)),
    finishCampaignDial: (campaignId: string, recipientId: string, attempt: number, outcome: string, costMicros: number) =>
      beating(() => campaign.finishDial(em(), campaignId, recipientId, attempt, outcome, costMicros)),
  };
}
