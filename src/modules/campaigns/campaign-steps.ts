import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError } from '../errors.js';
import { Agent } from '../agents/agents.entity.js';
import { routeCall } from '../agents/route-call.js';
import { PhoneNumber } from '../telephony/telephony.entity.js';
import { emitEvent } from '../triggers/emit-event.js';
import {
  Campaign,
  CampaignRecipient,
  OutboundCall,
  TERMINAL_OUTBOUND_CALL_STATUSES,
  TERMINAL_RECIPIENT_STATES,
  type CampaignStatus,
  type OutboundCallStatus,
  type RecipientState,
} from './campaigns.entity.js';
import { windowOpening } from './calling-window.js';
import { workflowIds } from '../../../workflows/workflow-ids.js';

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
  /** In flight and unchanged for longer than the staleness asked for: the sweep checks their workflows. */
  stale: number;
}

async function loadCampaign(em: Em, id: string): Promise<Campaign> {
  const campaign = await em.findOne(Campaign, { id });
  if (!campaign) throw new DomainError('NOT_FOUND', `Campaign ${id} was not found`, { resource: 'Campaign', id });
  return campaign;
}

export async function campaignSnapshot(em: Em, campaignId: string, staleMs = 60_000): Promise<CampaignSnapshot> {
  const campaign = await loadCampaign(em, campaignId);
  const [row] = await sql<{ in_flight: number; due: number; remaining: number; next_due: Date | null; stale: number }>(
    em,
    `
    select count(*) filter (where state in ('dialling', 'in_call'))::int as in_flight,
           count(*) filter (where state in ('dialling', 'in_call') and updated_at < now() - make_interval(secs => ?))::int as stale,
           count(*) filter (where state in ('queued', 'skipped_window') and (next_attempt_at is null or next_attempt_at <= now()))::int as due,
           count(*) filter (where state in ('queued', 'skipped_window'))::int as remaining,
           min(next_attempt_at) filter (where state in ('queued', 'skipped_window') and next_attempt_at > now()) as next_due
      from campaign_recipient where campaign_id = ?`,
    [staleMs / 1000, campaignId],
  );
  return {
    status: campaign.status,
    inFlight: row.in_flight,
    due: row.due,
    remaining: row.remaining,
    nextDueAt: row.next_due ? new Date(row.next_due).getTime() : null,
    capReached: campaign.spendCapMicros !== null && campaign.spendCapMicros !== undefined && campaign.spentMicros >= campaign.spendCapMicros,
    stale: row.stale,
  };
}

/**
 * Takes up to `limit` due recipients for dialling (state dialling, attempts
 * + 1) under `token`. Recipients outside their calling window are set aside
 * (skipped_window) until it opens, and others are looked at instead.
 * Retries (and windows) that have come due go first, oldest first, then
 * first attempts in list order: a retry delay means that delay, not "after
 * the rest of the list".
 */
export async function claimRecipients(em: Em, campaignId: string, token: string, limit: number): Promise<ClaimedRecipient[]> {
  // One transaction, serialized per campaign: a claim's rows appear all at once, and a second execution of the same
  // claim (a retry after a timeout, a replay on another worker while the first still runs) waits for the first and
  // gets its rows back, instead of claiming other rows under the same token that no dial would ever be started for.
  return em.transactional(async (tx) => {
    await sql(tx, 'select pg_advisory_xact_lock(hashtext(?))', [`campaign-claim/${campaignId}`]);
    const mine = await sql<{ id: string; contact_id: string; attempts: number }>(
      tx,
      'select id, contact_id, attempts from campaign_recipient where campaign_id = ? and claim = ? order by seq',
      [campaignId, token],
    );
    if (mine.length) return mine.map((r) => ({ recipientId: r.id, contactId: r.contact_id, attempt: r.attempts }));
    const campaign = await loadCampaign(tx, campaignId);
    if (campaign.status !== 'running' || limit <= 0) return [];
    if (campaign.spendCapMicros !== null && campaign.spendCapMicros !== undefined) {
      // Under a cap, only as many calls may be in flight as the headroom pays for at the dearest call seen so far
      // (the last of them may cross the cap); one at a time until a cost is known. So the cap is passed by at most one call.
      // Spend and in-flight count in one statement: a dial finishing moves both in one transaction, so two separate
      // reads could see its cost missing and its slot free at once, and let one call too many start.
      const [now] = await sql<{ spent: string | number; dearest: string | number; in_flight: number }>(
        tx,
        `
        select c.spent_micros as spent, c.max_call_micros as dearest,
               (select count(*)::int from campaign_recipient r where r.campaign_id = c.id and r.state in ('dialling', 'in_call')) as in_flight
          from campaign c where c.id = ?`,
        [campaignId],
      );
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
      const rows = await sql<{ id: string; contact_id: string; time_zone: string }>(
        tx,
        `
        select id, contact_id, time_zone from campaign_recipient
         where campaign_id = ? and state in ('queued', 'skipped_window') and (next_attempt_at is null or next_attempt_at <= now())
         order by next_attempt_at nulls last, seq limit ? for update skip locked`,
        [campaignId, Math.max(limit * 2, 50)],
      );
      const now = new Date();
      const take: string[] = [];
      const later: { id: string; at: Date }[] = [];
      for (const row of rows) {
        const opens = campaign.window ? windowOpening(campaign.window, row.time_zone, now) : null;
        if (opens) later.push({ id: row.id, at: opens });
        else if (claimed.length + take.length < limit) take.push(row.id);
      }
      if (later.length) {
        await sql(
          tx,
          `update campaign_recipient r set state = 'skipped_window', next_attempt_at = v.at, updated_at = now()
          from json_to_recordset(?) as v(id text, at timestamptz) where r.id = v.id`,
          [JSON.stringify(later)],
        );
      }
      const got = take.length
        ? await sql<{ id: string; contact_id: string; attempts: number; seq: number }>(
            tx,
            `
            update campaign_recipient set state = 'dialling', attempts = attempts + 1, claim = ?, next_attempt_at = null, updated_at = now()
             where id in (select json_array_elements_text(?::json)) returning id, contact_id, attempts, seq`,
            [token, JSON.stringify(take)],
          )
        : [];
      for (const r of got.sort((x, y) => x.seq - y.seq)) claimed.push({ recipientId: r.id, contactId: r.contact_id, attempt: r.attempts });
      if (rows.length === 0) break;
    }
    return claimed;
  });
}

/** Gives back a claim the workflow did not dial (it was paused or cancelled meanwhile). */
export async function releaseClaim(em: Em, campaignId: string, token: string): Promise<void> {
  // The workflow releases a claim before starting any of its dials, so none of these attempts was dialled.
  // Given back to a cancelled campaign, they are cancelled (the cancel's own sweep of queued rows may have run already).
  await sql(
    em,
    `update campaign_recipient
       set state = case when (select status from campaign where id = ?) = 'cancelled' then 'cancelled' else 'queued' end,
           attempts = attempts - 1, claim = null, updated_at = now()
     where campaign_id = ? and claim = ? and state = 'dialling'`,
    [campaignId, campaignId, token],
  );
}

export async function setCampaignStatus(em: Em, campaignId: string, status: CampaignStatus, reason: string | null): Promise<void> {
  const finished = status === 'cancelled' || status === 'completed';
  await em.transactional(async (tx) => {
    // A finished campaign stays finished (a late pause or resume write does not reopen it).
    const changed = await tx.nativeUpdate(
      Campaign,
      { id: campaignId, status: { $nin: ['cancelled', 'completed'] } },
      {
        status,
        ...(reason !== null ? { reason } : {}),
        ...(finished ? { finishedAt: new Date() } : {}),
      },
    );
    // Nobody not yet dialled will be: they end as cancelled at once (a claim racing this is given back and closed later).
    if (changed && status === 'cancelled') await cancelUndialled(tx, campaignId);
  });
}

async function cancelUndialled(em: Em, campaignId: string): Promise<void> {
  await sql(
    em,
    `update campaign_recipient set state = 'cancelled', next_attempt_at = null, claim = null, updated_at = now()
    where campaign_id = ? and state in ('queued', 'skipped_window')`,
    [campaignId],
  );
}

/**
 * Recipient counts by state and by last outcome (finished recipients), and
 * dials: one grouped query. `dials` counts calls placed, not attempts: an
 * attempt the do-not-call check stopped before the dial placed no call (the
 * recipient counts under by_state.skipped_dnc). A blocked attempt is always
 * a recipient's last (skipped_dnc is final), so each skipped_dnc recipient
 * with outcome dnc_blocked has exactly one attempt to take off. While an
 * attempt is between its claim and the dial it counts as a dial already.
 */
export async function recipientCounts(em: Em, campaignId: string): Promise<CampaignCounts> {
  const rows = await sql<{ state: string; last_outcome: string | null; n: number; dials: number }>(
    em,
    'select state, last_outcome, count(*)::int as n, sum(attempts)::int as dials from campaign_recipient where campaign_id = ? group by state, last_outcome',
    [campaignId],
  );
  const counts: CampaignCounts = { recipients: 0, by_state: {}, by_outcome: {}, dials: 0 };
  for (const r of rows) {
    counts.by_state[r.state] = (counts.by_state[r.state] ?? 0) + r.n;
    if (r.last_outcome && (TERMINAL_RECIPIENT_STATES as readonly string[]).includes(r.state)) {
      counts.by_outcome[r.last_outcome] = (counts.by_outcome[r.last_outcome] ?? 0) + r.n;
    }
    counts.recipients += r.n;
    counts.dials += r.state === 'skipped_dnc' && r.last_outcome === 'dnc_blocked' ? r.dials - r.n : r.dials;
  }
  return counts;
}

export interface CampaignCounts {
  recipients: number;
  by_state: Record<string, number>;
  by_outcome: Record<string, number>;
  dials: number;
}

/**
 * The workflow's last step. A cancelled campaign's undialled recipients
 * (also a claim given back after the cancel) become `cancelled`; then the
 * campaign.finished event is recorded with the final counts, in the same
 * transaction as the mark that it was (finished_event_at), so a retried or
 * replayed close emits nothing twice. Returns the trigger runs to start.
 */
export async function closeCampaign(em: Em, campaignId: string): Promise<string[]> {
  return em.transactional(async (tx) => {
    const campaign = await loadCampaign(tx, campaignId);
    if (campaign.status !== 'cancelled' && campaign.status !== 'completed') return [];
    if (campaign.status === 'cancelled') await cancelUndialled(tx, campaignId);
    const marked = await sql(
      tx,
      `update campaign set finished_event_at = now()
      where id = ? and finished_event_at is null and status in ('cancelled', 'completed') returning id`,
      [campaignId],
    );
    if (!marked.length) return [];
    const counts = await recipientCounts(tx, campaignId);
    const [spend] = await sql<{ spent_micros: string | number }>(tx, 'select spent_micros from campaign where id = ?', [campaignId]);
    const { runIds } = await emitEvent(tx, {
      organizationId: campaign.organization,
      agentId: campaign.agent,
      type: 'campaign.finished',
      data: {
        campaign_id: campaign.id,
        name: campaign.name,
        agent_id: campaign.agent,
        status: campaign.status,
        reason: campaign.reason ?? null,
        spent_micros: Number(spend.spent_micros),
        spend_cap_micros: campaign.spendCapMicros ?? null,
        counts,
        finished_at: (campaign.finishedAt ?? new Date()).toISOString(),
      },
    });
    return runIds;
  });
}

/**
 * The sweeper: recipients in flight whose row has not moved for `staleMs`
 * are checked against their dial workflow (`isRunning`, by id). One that is
 * gone (terminated, timed out, failed) can no longer write its result, so it
 * is written here (settleAbandonedDial). A dial of a batch has no workflow of
 * its own: its batch keeps its row fresh while it runs (runClaimDials),
 * so it is looked at only once the batch is gone. Returns how many were
 * reconciled.
 */
export async function sweepDials(em: Em, campaignId: string, staleMs: number, isRunning: (workflowId: string) => Promise<boolean>): Promise<number> {
  const stale = await sql<{ id: string; contact_id: string; attempts: number }>(
    em,
    `
    select id, contact_id, attempts from campaign_recipient
     where campaign_id = ? and state in ('dialling', 'in_call') and updated_at < now() - make_interval(secs => ?)
     order by updated_at limit 100`,
    [campaignId, staleMs / 1000],
  );
  let reconciled = 0;
  for (const r of stale) {
    const dialKey = workflowIds.dial(campaignId, r.contact_id, r.attempts);
    if (await isRunning(dialKey)) {
      // Alive (a long conversation): touch the row so it is not checked again before another staleness period.
      await sql(em, `update campaign_recipient set updated_at = now() where id = ? and attempts = ? and state in ('dialling', 'in_call')`, [r.id, r.attempts]);
      continue;
    }
    if (
      await settleAbandonedDial(
        em,
        campaignId,
        { recipientId: r.id, contactId: r.contact_id, attempt: r.attempts },
        "The dial's workflow ended before the call finished (swept)",
      )
    )
      reconciled++;
  }
  return reconciled;
}

/**
 * Writes the result of a dial nobody will finish (its workflow is gone, or
 * its batch failed for good): the call's own final status if it reached one
 * (with the session's cost), else `failed` with `reason`. One that never ran
 * (no call row, and not known to have run: `ran`) gives its attempt back: the
 * recipient is due again. Were that
 * dial to start after all, the next claim's start of the same key is refused
 * (or its carrier key gets the first call back), and its result is the
 * attempt's. finishDial applies it only while the recipient is still on that
 * attempt and in flight, so a dial that finishes at the same moment wins or
 * loses cleanly. Returns whether it changed the recipient.
 */
export async function settleAbandonedDial(
  em: Em,
  campaignId: string,
  dial: ClaimedRecipient,
  reason: string,
  options: { ran: boolean } = { ran: false },
): Promise<boolean> {
  const dialKey = workflowIds.dial(campaignId, dial.contactId, dial.attempt);
  const [call] = await sql<{ id: string; status: OutboundCallStatus; session_id: string }>(
    em,
    'select id, status, session_id from outbound_call where dial_key = ?',
    [dialKey],
  );
  // A dial known to have run (its batch failed for good) and left no call row failed before the call was made: the
  // attempt is spent, as a campaignDial whose first step fails for good spends it; giving it back would retry it forever.
  if (!call && options.ran) return (await finishDial(em, campaignId, dial.recipientId, dial.attempt, 'failed', 0)) !== null;
  if (!call) {
    const released = await sql(
      em,
      `update campaign_recipient set state = 'queued', attempts = attempts - 1, claim = null, next_attempt_at = null, updated_at = now()
      where id = ? and attempts = ? and state = 'dialling' returning id`,
      [dial.recipientId, dial.attempt],
    );
    return released.length > 0;
  }
  let outcome: string = 'failed';
  let cost = 0;
  if ((TERMINAL_OUTBOUND_CALL_STATUSES as readonly string[]).includes(call.status)) {
    outcome = call.status;
    if (call.status === 'completed') {
      const [session] = await sql<{ total_cost_micros: string | number }>(em, 'select total_cost_micros from call_session where id = ?', [call.session_id]);
      cost = Number(session?.total_cost_micros ?? 0);
    }
  } else {
    await em.nativeUpdate(
      OutboundCall,
      { id: call.id, status: { $nin: [...TERMINAL_OUTBOUND_CALL_STATUSES] } },
      {
        status: 'failed',
        endReason: 'failed',
        error: reason,
      },
    );
  }
  return (await finishDial(em, campaignId, dial.recipientId, dial.attempt, outcome, cost)) !== null;
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
export async function finishDial(
  em: Em,
  campaignId: string,
  recipientId: string,
  attempt: number,
  outcome: string,
  costMicros: number,
): Promise<RecipientState | null> {
  const campaign = await loadCampaign(em, campaignId);
  const retry = campaign.retry;
  const retryable = (retry.outcomes as string[]).includes(outcome) && attempt < retry.max_attempts;
  const state: RecipientState =
    outcome === 'completed' ? 'done' : outcome === 'dnc_blocked' ? 'skipped_dnc' : retryable ? 'queued' : outcome === 'failed' ? 'failed' : 'done';
  const nextAt = retryable ? new Date(Date.now() + retry.delay_seconds * 1000) : null;
  return em.transactional(async (tx) => {
    const updated = await sql(
      tx,
      `update campaign_recipient set state = ?, last_outcome = ?, next_attempt_at = ?, claim = null, updated_at = now()
      where id = ? and campaign_id = ? and attempts = ? and state in ('dialling', 'in_call') returning id`,
      [state, outcome, nextAt, recipientId, campaignId, attempt],
    );
    if (!updated.length) return null;
    if (costMicros > 0)
      await sql(tx, 'update campaign set spent_micros = spent_micros + ?, max_call_micros = greatest(max_call_micros, ?) where id = ?', [
        costMicros,
        costMicros,
        campaignId,
      ]);
    return state;
  });
}
