import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError } from '../errors.js';
import { Agent } from '../agents/agents.entity.js';
import { routeCall } from '../agents/route-call.js';
import { PhoneNumber } from '../telephony/telephony.entity.js';
import { Campaign, CampaignRecipient, OutboundCall, type CampaignStatus, type RecipientState } from './campaigns.entity.js';
import { windowOpening } from './calling-window.js';

/**
 * The outboundCampaign workflow's steps. The workflow keeps no list: it asks
 * the database what is in flight and claims the next due recipients a page
 * at a time. Each step is idempotent so Temporal may retry it:
 * - a claim is tagged with a token the workflow derives from its run, and a
 *   retried claim returns the rows that token already holds;
 * - a dial's call row is keyed by the dial workflow's id (the carrier key);
 * - a dial's result is applied only to the attempt it belongs to, once.
 */
export interface ClaimedRecipient {
  recipientId: string;
  contactId: string;
  attempt: number;
}

export interface CampaignSnapshot {
  status: CampaignStatus;
  inFlight: number;
  /** Queued or waiting for their window, due now. */
  due: number;
  /** Queued or waiting, not finished. */
  remaining: number;
  /** Epoch ms of the earliest not-yet-due attempt (a retry or a window opening), or null. */
  nextDueAt: number | null;
  capReached: boolean;
}

async function loadCampaign(em: Em, id: string): Promise<Campaign> {
  const campaign = await em.findOne(Campaign, { id });
  if (!campaign) throw new DomainError('NOT_FOUND', `Campaign ${id} was not found`, { resource: 'Campaign', id });
  return campaign;
}

export async function campaignSnapshot(em: Em, campaignId: string): Promise<CampaignSnapshot> {
  const campaign = await loadCampaign(em, campaignId);
  const [row] = await sql<{ in_flight: number; due: number; remaining: number; next_due: Date | null }>(em, `
    select count(*) filter (where state in ('dialling', 'in_call'))::int as in_flight,
           count(*) filter (where state in ('queued', 'skipped_window') and (next_attempt_at is null or next_attempt_at <= now()))::int as due,
           count(*) filter (where state in ('queued', 'skipped_window'))::int as remaining,
           min(next_attempt_at) filter (where state in ('queued', 'skipped_window') and next_attempt_at > now()) as next_due
      from campaign_recipient where campaign_id = ?`, [campaignId]);
  return {
    status: campaign.status,
    inFlight: row.in_flight,
    due: row.due,
    remaining: row.remaining,
    nextDueAt: row.next_due ? new Date(row.next_due).getTime() : null,
    capReached: campaign.spendCapMicros !== null && campaign.spendCapMicros !== undefined && campaign.spentMicros >= campaign.spendCapMicros,
  };
}

/**
 * Takes up to `limit` due recipients for dialling (state dialling, attempts
 * + 1) under `token`. Recipients outside their calling window are set aside
 * (skipped_window) until it opens, and others are looked at instead.
 */
export async function claimRecipients(em: Em, campaignId: string, token: string, limit: number): Promise<ClaimedRecipient[]> {
  const mine = await sql<{ id: string; contact_id: string; attempts: number }>(em,
    'select id, contact_id, attempts from campaign_recipient where campaign_id = ? and claim = ? order by seq', [campaignId, token]);
  if (mine.length) return mine.map((r) => ({ recipientId: r.id, contactId: r.contact_id, attempt: r.attempts }));
  const campaign = await loadCampaign(em, campaignId);
  if (campaign.status !== 'running' || limit <= 0) return [];
  if (campaign.spendCapMicros !== null && campaign.spendCapMicros !== undefined) {
    // Under a cap, only as many calls may be in flight as the headroom pays for at the dearest call seen so far
    // (the last of them may cross the cap); one at a time until a cost is known. So the cap is passed by at most one call.
    // Spend and in-flight count in one statement: a dial finishing moves both in one transaction, so two separate
    // reads could see its cost missing and its slot free at once, and let one call too many start.
    const [now] = await sql<{ spent: string | number; dearest: string | number; in_flight: number }>(em, `
      select c.spent_micros as spent, c.max_call_micros as dearest,
             (select count(*)::int from campaign_recipient r where r.campaign_id = c.id and r.state in ('dialling', 'in_call')) as in_flight
        from campaign c where c.id = ?`, [campaignId]);
    const headroom = campaign.spendCapMicros - Number(now.spent);
    if (headroom <= 0) return [];
    const dearest = Number(now.dearest);
    const affordable = dearest > 0 ? Math.ceil(headroom / dearest) : 1;
    limit = Math.min(limit, affordable - now.in_flight);
    if (limit <= 0) return [];
  }

  const claimed: ClaimedRecipient[] = [];
  // Bounded: each round either claims or sets aside every row it reads.
  for (let round = 0; round < 20 && claimed.length < limit; round++) {
    const found = await em.transactional(async (tx) => {
      const rows = await sql<{ id: string; contact_id: string; time_zone: string }>(tx, `
        select id, contact_id, time_zone from campaign_recipient
         where campaign_id = ? and state in ('queued', 'skipped_window') and (next_attempt_at is null or next_attempt_at <= now())
         order by next_attempt_at nulls first, seq limit ? for update skip locked`, [campaignId, Math.max(limit * 2, 50)]);
      const now = new Date();
      const take: string[] = [];
      const later: { id: string; at: Date }[] = [];
      for (const row of rows) {
        const opens = campaign.window ? windowOpening(campaign.window, row.time_zone, now) : null;
        if (opens) later.push({ id: row.id, at: opens });
        else if (claimed.length + take.length < limit) take.push(row.id);
      }
      if (later.length) {
        await sql(tx, `update campaign_recipient r set state = 'skipped_window', next_attempt_at = v.at, updated_at = now()
          from json_to_recordset(?) as v(id text, at timestamptz) where r.id = v.id`, [JSON.stringify(later)]);
      }
      const got = take.length
        ? await sql<{ id: string; contact_id: string; attempts: number; seq: number }>(tx, `
            update campaign_recipient set state = 'dialling', attempts = attempts + 1, claim = ?, next_attempt_at = null, updated_at = now()
             where id in (select json_array_elements_text(?::json)) returning id, contact_id, attempts, seq`, [token, JSON.stringify(take)])
        : [];
      return { read: rows.length, got };
    });
    for (const r of found.got.sort((x, y) => x.seq - y.seq)) claimed.push({ recipientId: r.id, contactId: r.contact_id, attempt: r.attempts });
    if (found.read === 0) break;
  }
  return claimed;
}

/** Gives back a claim the workflow did not dial (it was paused or cancelled meanwhile). */
export async function releaseClaim(em: Em, campaignId: string, token: string): Promise<void> {
  // The workflow releases a claim before starting any of its dials, so none of these attempts was dialled.
  await sql(em, `update campaign_recipient set state = 'queued', attempts = attempts - 1, claim = null, updated_at = now()
    where campaign_id = ? and claim = ? and state = 'dialling'`, [campaignId, token]);
}

export async function setCampaignStatus(em: Em, campaignId: string, status: CampaignStatus, reason: string | null): Promise<void> {
  const finished = status === 'cancelled' || status === 'completed';
  // A finished campaign stays finished (a late pause or resume write does not reopen it).
  await em.nativeUpdate(Campaign, { id: campaignId, status: { $nin: ['cancelled', 'completed'] } }, {
    status, ...(reason !== null ? { reason } : {}), ...(finished ? { finishedAt: new Date() } : {}),
  });
}

export async function setCampaignPace(em: Em, campaignId: string, maxConcurrent: number, callsPerMinute: number): Promise<void> {
  await em.nativeUpdate(Campaign, { id: campaignId }, { maxConcurrent, callsPerMinute });
}

/**
 * The call row of one dial (`dial/<campaign>/<contact>/<attempt>` is its
 * carrier key): made once, found again on a retry.
 */
export async function prepareDial(em: Em, campaignId: string, recipientId: string, attempt: number, dialKey: string): Promise<string> {
  const existing = await em.findOne(OutboundCall, { dialKey });
  if (existing) return existing.id;
  const campaign = await loadCampaign(em, campaignId);
  const recipient = await em.findOne(CampaignRecipient, { id: recipientId, campaign: campaignId });
  if (!recipient) throw new DomainError('NOT_FOUND', `Recipient ${recipientId} was not found`, { resource: 'Campaign recipient', id: recipientId });
  const agent = await em.findOne(Agent, { id: campaign.agent });
  if (!agent) throw new DomainError('NOT_FOUND', `Agent ${campaign.agent} was not found`, { resource: 'Agent', id: campaign.agent });
  const from = campaign.callerNumbers[(recipient.seq + attempt) % campaign.callerNumbers.length];
  const number = await em.findOne(PhoneNumber, { number: from, organization: campaign.organization });
  if (!number) throw new DomainError('CONFLICT', `Caller number ${from} is no longer the organization's`, { number: from });
  const sessionId = newId('session');
  const call = em.create(OutboundCall, {
    id: newId('outboundCall'),
    organization: campaign.organization,
    project: campaign.project,
    agent: agent.id,
    versionId: routeCall(agent, recipient.phone),
    sessionId,
    dialKey,
    campaignId,
    fromNumber: from,
    toNumber: recipient.phone,
    contactId: recipient.contactId,
    connectionId: number.connection ?? null,
    variables: campaign.variables,
    customerScript: campaign.customerScript,
    status: 'queued',
    callLogId: null,
    endReason: null,
    error: null,
    idempotencyKey: null,
    createdBy: { type: 'system', id: campaignId, name: `campaign ${campaign.name}` },
  });
  try {
    await em.flush();
  } catch (error) {
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
    const winner = await em.fork().findOne(OutboundCall, { dialKey });
    if (!winner) throw error;
    return winner.id;
  }
  await sql(em, 'update campaign_recipient set last_call_id = ? where id = ? and attempts = ?', [call.id, recipientId, attempt]);
  return call.id;
}

/**
 * Applies one dial's outcome to its recipient, once (only while the
 * recipient is still on that attempt and in flight), and adds its cost to
 * the campaign's spend in the same transaction. Retryable outcomes within
 * the attempt budget queue the recipient again after the retry delay.
 */
export async function finishDial(em: Em, campaignId: string, recipientId: string, attempt: number, outcome: string, costMicros: number): Promise<RecipientState | null> {
  const campaign = await loadCampaign(em, campaignId);
  const retry = campaign.retry;
  const retryable = (retry.outcomes as string[]).includes(outcome) && attempt < retry.max_attempts;
  const state: RecipientState = outcome === 'completed' ? 'done'
    : outcome === 'dnc_blocked' ? 'skipped_dnc'
      : retryable ? 'queued'
        : outcome === 'failed' ? 'failed' : 'done';
  const nextAt = retryable ? new Date(Date.now() + retry.delay_seconds * 1000) : null;
  return em.transactional(async (tx) => {
    const updated = await sql(tx, `update campaign_recipient set state = ?, last_outcome = ?, next_attempt_at = ?, claim = null, updated_at = now()
      where id = ? and campaign_id = ? and attempts = ? and state in ('dialling', 'in_call') returning id`,
    [state, outcome, nextAt, recipientId, campaignId, attempt]);
    if (!updated.length) return null;
    if (costMicros > 0) await sql(tx, 'update campaign set spent_micros = spent_micros + ?, max_call_micros = greatest(max_call_micros, ?) where id = ?', [costMicros, costMicros, campaignId]);
    return state;
  });
}
