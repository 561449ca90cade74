import { defineEntity, p } from '@mikro-orm/core';
import { Organization, Project } from '../org/org.entity.js';
import { Agent, type Actor } from '../agents/agents.entity.js';

export const OUTBOUND_CALL_STATUSES = ['queued', 'dialling', 'in_call', 'completed', 'no_answer', 'busy', 'voicemail', 'failed', 'dnc_blocked'] as const;
export type OutboundCallStatus = (typeof OUTBOUND_CALL_STATUSES)[number];
export const TERMINAL_OUTBOUND_CALL_STATUSES: readonly OutboundCallStatus[] = ['completed', 'no_answer', 'busy', 'voicemail', 'failed', 'dnc_blocked'];

/**
 * The read state of one outboundCall workflow (`call/<session id>`). The
 * session id is chosen here, before the workflow starts, so the workflow id,
 * the carrier's idempotency key and the call_session row all derive from one
 * value: a retried step finds what an earlier attempt did instead of
 * dialling or recording twice.
 */
const OutboundCallSchema = defineEntity({
  name: 'OutboundCall',
  tableName: 'outbound_call',
  indexes: [
    { name: 'outbound_call_org_idx', properties: ['organization', 'id'] },
    { name: 'outbound_call_campaign_contact_idx', properties: ['campaignId', 'contactId'] },
  ],
  uniques: [
    { name: 'outbound_call_session_unique', properties: ['sessionId'] },
    { name: 'outbound_call_dial_key_unique', properties: ['dialKey'] },
    { name: 'outbound_call_idempotency_unique', properties: ['organization', 'idempotencyKey'] },
  ],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    project: () => p.manyToOne(Project).mapToPk().deleteRule('cascade'),
    agent: () => p.manyToOne(Agent).mapToPk().deleteRule('cascade'),
    /** Picked when the call is created (the agent's traffic split for this callee), so a retry runs the same version. */
    versionId: p.string().length(40),
    sessionId: p.string().length(40),
    /**
     * The carrier idempotency key: the id of the workflow that dials
     * (`call/<session id>` alone, `dial/<campaign>/<contact>/<attempt>` in a
     * campaign), so a retried or re-run dial is the same dial.
     */
    dialKey: p.string().length(200),
    campaignId: p.string().length(40).nullable(),
    fromNumber: p.string().length(20),
    toNumber: p.string().length(20),
    contactId: p.string().length(40).nullable(),
    /** Telephony connection of the from number; null: the built-in simulated carrier. */
    connectionId: p.string().length(40).nullable(),
    variables: p.json<Record<string, string>>(),
    /** The callee's turns for the simulated conversation (the persona script). */
    customerScript: p.json<string[]>(),
    status: p.string().length(20).$type<OutboundCallStatus>().default('queued'),
    /** carrier_call_log row of the dial, once placed. */
    callLogId: p.string().length(40).nullable(),
    endReason: p.string().length(30).nullable(),
    error: p.text().nullable(),
    idempotencyKey: p.string().length(200).nullable(),
    createdBy: p.json<Actor>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class OutboundCall extends OutboundCallSchema.class {}
OutboundCallSchema.setClass(OutboundCall);

export const CAMPAIGN_STATUSES = ['running', 'paused', 'cancelled', 'completed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const RECIPIENT_STATES = ['queued', 'dialling', 'in_call', 'done', 'skipped_dnc', 'skipped_window', 'failed', 'cancelled'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];
/** States a recipient never leaves (`cancelled`: not dialled (again) because the campaign was cancelled). */
export const TERMINAL_RECIPIENT_STATES: readonly RecipientState[] = ['done', 'skipped_dnc', 'failed', 'cancelled'];
export const RETRYABLE_OUTCOMES = ['no_answer', 'busy', 'voicemail'] as const;
export type RetryableOutcome = (typeof RETRYABLE_OUTCOMES)[number];

/** Local time of day and ISO weekdays (1 = Monday) when recipients may be called, in each recipient's own zone. */
export interface CallingWindow {
  start: string;
  end: string;
  days: number[];
}
export interface RetryPolicy {
  outcomes: RetryableOutcome[];
  max_attempts: number;
  delay_seconds: number;
}

/**
 * A campaign: the settings the outboundCampaign workflow (`campaign/<id>`)
 * runs by, and its read state (status, spend). Per-recipient progress lives
 * in campaign_recipient, which the workflow pages through, so neither the
 * workflow's history nor this row grows with the list.
 */
const CampaignSchema = defineEntity({
  name: 'Campaign',
  tableName: 'campaign',
  indexes: [{ name: 'campaign_org_idx', properties: ['organization', 'id'] }],
  uniques: [{ name: 'campaign_idempotency_unique', properties: ['organization', 'idempotencyKey'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    project: () => p.manyToOne(Project).mapToPk().deleteRule('cascade'),
    agent: () => p.manyToOne(Agent).mapToPk().deleteRule('cascade'),
    name: p.string().length(200),
    callerNumbers: p.json<string[]>(),
    window: p.json<CallingWindow>().nullable(),
    /** Zone of recipients whose number gives none. */
    timeZone: p.string().length(64),
    maxConcurrent: p.integer(),
    callsPerMinute: p.integer(),
    retry: p.json<RetryPolicy>(),
    spendCapMicros: p.bigint('number').nullable(),
    spentMicros: p.bigint('number').default(0),
    /** The dearest call so far: how many more calls fit under the spend cap is estimated with it. */
    maxCallMicros: p.bigint('number').default(0),
    customerScript: p.json<string[]>(),
    variables: p.json<Record<string, string>>(),
    status: p.string().length(20).$type<CampaignStatus>().default('running'),
    /** Why dialling stopped before the list was done (cancelled by..., spend cap reached). */
    reason: p.text().nullable(),
    idempotencyKey: p.string().length(200).nullable(),
    createdBy: p.json<Actor>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    finishedAt: p.datetime().nullable(),
    /** When the campaign.finished event was recorded (in the same transaction): set once, so the event is emitted once. */
    finishedEventAt: p.datetime().nullable(),
  },
});
export class Campaign extends CampaignSchema.class {}
CampaignSchema.setClass(Campaign);

/**
 * One contact of one campaign. `attempts` counts dials started; the dial
 * workflow of attempt n is `dial/<campaign>/<contact>/<n>`, so an attempt is
 * dialled at most once. `claim` is the token of the workflow step that took
 * the row for dialling, so a retried claim gets the same rows back.
 */
const CampaignRecipientSchema = defineEntity({
  name: 'CampaignRecipient',
  tableName: 'campaign_recipient',
  uniques: [{ name: 'campaign_recipient_contact_unique', properties: ['campaign', 'contactId'] }],
  indexes: [
    { name: 'campaign_recipient_due_idx', properties: ['campaign', 'state', 'nextAttemptAt', 'seq'] },
    { name: 'campaign_recipient_claim_idx', properties: ['campaign', 'claim'] },
  ],
  properties: {
    id: p.string().primary().length(40),
    campaign: () => p.manyToOne(Campaign).mapToPk().deleteRule('cascade'),
    contactId: p.string().length(40),
    phone: p.string().length(20),
    timeZone: p.string().length(64),
    /** The order recipients were given in. */
    seq: p.integer(),
    attempts: p.integer().default(0),
    lastOutcome: p.string().length(20).nullable(),
    state: p.string().length(20).$type<RecipientState>().default('queued'),
    nextAttemptAt: p.datetime().nullable(),
    claim: p.string().length(200).nullable(),
    lastCallId: p.string().length(40).nullable(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class CampaignRecipient extends CampaignRecipientSchema.class {}
CampaignRecipientSchema.setClass(CampaignRecipient);

export const campaignsEntities = [OutboundCall, Campaign, CampaignRecipient];
