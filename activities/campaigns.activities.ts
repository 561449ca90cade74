import { ApplicationFailure, Context } from '@temporalio/activity';
import * as steps from '../src/modules/campaigns/outbound-call-steps.js';
import * as campaign from '../src/modules/campaigns/campaign-steps.js';
import type { CampaignStatus } from '../src/modules/campaigns/campaigns.entity.js';
import { defaultEngineSettings } from '../src/modules/engine/engine-settings.js';
import { DNC_BLOCKED } from '../workflows/outbound-call/messages.js';
import type { ActivityDeps } from './index.js';
import { permanentOnDomainError } from './failures.js';

/** How often a running conversation tells Temporal it is alive (the conversation preset's heartbeat timeout is 5 s). */
const HEARTBEAT_MS = 1000;

/**
 * The outboundCall workflow's activities (CONVENTIONS rule 4): closures over
 * the injected ORM, each call on its own em.fork(), each idempotent per call
 * (modules/campaigns/outbound-call-steps.ts).
 */
export function createCampaignActivities({ orm, engineSettings }: ActivityDeps) {
  const em = () => orm.em.fork();
  const settings = () => engineSettings ?? defaultEngineSettings();
  return {
    /** Throws a non-retryable DNC_BLOCKED failure when the callee is on the do-not-call list: a decision, not an error. */
    checkDoNotCall: async (outboundCallId: string): Promise<void> => {
      const blocked = await permanentOnDomainError(() => steps.isCallBlocked(em(), outboundCallId));
      if (blocked) throw ApplicationFailure.create({ type: DNC_BLOCKED, message: 'The number is on the do-not-call list', nonRetryable: true });
    },
    dialOutboundCall: (outboundCallId: string) => permanentOnDomainError(() => steps.dialOutboundCall(em(), settings(), outboundCallId)),
    converseOutboundCall: async (outboundCallId: string) => {
      const context = Context.current();
      const beat = setInterval(() => context.heartbeat(), HEARTBEAT_MS);
      try {
        context.heartbeat();
        return await permanentOnDomainError(() => steps.converseOutboundCall({ orm, settings: engineSettings }, outboundCallId));
      } finally {
        clearInterval(beat);
      }
    },
    recordUnansweredCall: (outboundCallId: string, outcome: steps.UnansweredOutcome, error: string | null) =>
      permanentOnDomainError(() => steps.recordUnansweredCall(em(), outboundCallId, outcome, error)),
    campaignSnapshot: (campaignId: string) => permanentOnDomainError(() => campaign.campaignSnapshot(em(), campaignId)),
    claimCampaignRecipients: (campaignId: string, token: string, limit: number) =>
      permanentOnDomainError(() => campaign.claimRecipients(em(), campaignId, token, limit)),
    releaseCampaignClaims: (campaignId: string, token: string) => permanentOnDomainError(() => campaign.releaseClaim(em(), campaignId, token)),
    setCampaignStatus: (campaignId: string, status: CampaignStatus, reason: string | null) =>
      permanentOnDomainError(() => campaign.setCampaignStatus(em(), campaignId, status, reason)),
    setCampaignPace: (campaignId: string, maxConcurrent: number, callsPerMinute: number) =>
      permanentOnDomainError(() => campaign.setCampaignPace(em(), campaignId, maxConcurrent, callsPerMinute)),
    prepareCampaignDial: (campaignId: string, recipientId: string, attempt: number, dialKey: string) =>
      permanentOnDomainError(() => campaign.prepareDial(em(), campaignId, recipientId, attempt, dialKey)),
    finishCampaignDial: (campaignId: string, recipientId: string, attempt: number, outcome: string, costMicros: number) =>
      permanentOnDomainError(() => campaign.finishDial(em(), campaignId, recipientId, attempt, outcome, costMicros)),
  };
}
