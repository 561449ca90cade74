import { performance } from 'node:perf_hooks';
import { sql, type Em } from '../../db/orm.js';
import { OutboundRequestError, safeRequest } from '../outbound-http.js';
import { decryptSecret } from '../secrets/secret-box.js';
import { TriggerRun, type WebhookEvent } from './triggers.entity.js';
import type { DeliveryAttempt, TriggerRunStatus } from './triggers.schemas.js';
import { secretContext } from './trigger-targets.js';
import { signWebhook, webhookDispatcher, type TriggerSettings } from './trigger-settings.js';
import type { AttemptOutcome } from '../../../workflows/trigger-run/messages.js';

/**
 * The steps of the triggerRun workflow, each on its own EntityManager (the
 * activities fork one per call). Every step reads the run first and does
 * nothing to a finished run, so a replayed or retried step is harmless.
 */

const TERMINAL: TriggerRunStatus[] = ['succeeded', 'failed', 'cancelled'];
/** A receiver's Retry-After is honoured up to a day; a larger one is taken as a day. */
const MAX_RETRY_AFTER_MS = 86_400_000;
/** A receiver's answer is read up to this much (and discarded): only its status matters. */
const MAX_ANSWER_BYTES = 256 * 1024;
/** How much of an error message an attempt keeps. */
const MAX_ERROR = 500;
/** An attempt whose answer was never recorded: the worker sending it stopped (the request may have arrived). */
export const INTERRUPTED = 'interrupted: the worker stopped before the answer was recorded; the receiver may have received this request';

export async function cancelTriggerRun(em: Em, runId: string): Promise<void> {
  await em.nativeUpdate(TriggerRun, { id: runId, status: { $nin: TERMINAL } }, { status: 'cancelled', nextAttemptAt: null, finishedAt: new Date() });
}

/** The body of a delivery, as the OpenAPI document's webhooks section shows it (webhookEnvelope); the same bytes on every attempt. */
export function envelope(event: Pick<WebhookEvent, 'type' | 'id' | 'createdAt' | 'organization' | 'data'>): string {
  return JSON.stringify({
    type: event.type,
    id: event.id,
    created_at: event.createdAt.toISOString(),
    organization_id: event.organization,
    data: event.data,
  });
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  const trimmed = text.trim();
  let ms: number;
  if (/^\d+$/.test(trimmed)) ms = Number(trimmed) * 1000;
  else {
    const at = Date.parse(trimmed);
    if (Number.isNaN(at)) return undefined;
    ms = at - now;
  }
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

export interface SentWebhook {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  retryAfterMs: number | undefined;
}

/**
 * One signed POST (Standard Webhooks headers) through the platform's safe
 * outbound client, on a pooled guarded dispatcher. Redirects are not
 * followed (a 3xx is a failed attempt: a receiver that moved must be updated
 * by its operator, not followed to wherever it points), and the answer's body
 * is read only up to a small cap. Never throws: a refused address, a timeout
 * or a connection error is an attempt with an error.
 */
export async function sendWebhook(
  settings: Pick<TriggerSettings, 'allowedHosts' | 'timeoutMs'>,
  url: string,
  secret: string,
  webhookId: string,
  body: string,
): Promise<SentWebhook> {
  const started = performance.now();
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    const response = await safeRequest(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'voice-agent-platform-webhooks/1',
        'webhook-id': webhookId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(secret, webhookId, timestamp, body),
      },
      body,
      allowedHosts: settings.allowedHosts,
      dispatcher: webhookDispatcher(settings),
      timeoutMs: settings.timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
      maxRedirects: 0,
    });
    const ok = response.status >= 200 && response.status < 300;
    return {
      statusCode: response.status,
      latencyMs: Math.round(performance.now() - started),
      error: ok ? null : `The receiver answered ${response.status}`,
      retryAfterMs: response.status === 429 || response.status === 503 ? parseRetryAfter(response.headers['retry-after']) : undefined,
    };
  } catch (error) {
    const message = error instanceof OutboundRequestError ? `${error.kind}: ${error.message}` : error instanceof Error ? error.message : String(error);
    return { statusCode: null, latencyMs: Math.round(performance.now() - started), error: message.slice(0, MAX_ERROR), retryAfterMs: undefined };
  }
}

/**
 * Attempt number `attempt` (from 0) of a run, recorded in its read state.
 * The wait before the next attempt is the trigger's schedule at `attempt`
 * (its own, else the platform's); past the schedule's end this attempt is
 * the last. 2xx: succeeded. 410: failed, and the trigger is disabled (the
 * receiver said it is gone for good). 429 and 503 with Retry-After: that
 * wait instead of the schedule's. A trigger disabled or deleted meanwhile
 * stops the run without an attempt.
 */
export async function deliverWebhookAttempt(em: Em, runId: string, attempt: number, settings: TriggerSettings): Promise<AttemptOutcome> {
  const done: AttemptOutcome = { next: 'done', waitMs: 0 };
  // The run, its trigger and its event in one statement, not through the ORM: this is the hot path of every
  // delivery, and the entities' hydration and change sets were a quarter of the dispatcher's CPU (decision 0032).
  const [row] = await sql<AttemptRow>(
    em,
    `
    select r.status, r.url as run_url, jsonb_array_length(r.attempts)::int as recorded,
           t.id as trigger_id, t.organization_id as trigger_organization_id, t.enabled, t.url as trigger_url,
           t.secret_encrypted, t.retry_schedule_ms,
           e.id as event_id, e.type, e.data, e.organization_id as event_organization_id, e.created_at
      from trigger_run r
      left join agent_trigger t on t.id = r.trigger_id
      left join webhook_event e on e.id = r.event_id
     where r.id = ?`,
    [runId],
  );
  if (!row || TERMINAL.includes(row.status)) return done;
  if (!row.trigger_id || !row.event_id || !row.enabled) {
    await cancelTriggerRun(em, runId);
    return done;
  }
  const schedule = row.retry_schedule_ms ?? settings.retryScheduleMs;
  const waitAfterMs = attempt < schedule.length ? schedule[attempt] : null;
  const url = row.run_url ?? row.trigger_url!;
  const secret = decryptSecret(
    settings.encryptionKey,
    row.secret_encrypted!,
    secretContext({ organization: row.trigger_organization_id!, id: row.trigger_id }),
  );
  const at = new Date();
  // On record before the request goes out: if this worker dies before the answer is written, the attempt (which
  // the receiver may have had) stays visible as interrupted, and the retried activity records its own.
  const interrupted: DeliveryAttempt = { at: at.toISOString(), status_code: null, latency_ms: 0, error: INTERRUPTED, url };
  await sql(em, 'update trigger_run set attempts = attempts || ?::jsonb where id = ?', [JSON.stringify([interrupted]), runId]);
  const body = envelope({ type: row.type!, id: row.event_id, createdAt: new Date(row.created_at!), organization: row.event_organization_id!, data: row.data! });
  const sent = await sendWebhook(settings, url, secret, row.event_id, body);

  const record: DeliveryAttempt = { at: at.toISOString(), status_code: sent.statusCode, latency_ms: sent.latencyMs, error: sent.error, url };
  let status: TriggerRunStatus;
  let outcome: AttemptOutcome;
  let gone = false;
  if (sent.statusCode !== null && sent.statusCode >= 200 && sent.statusCode < 300) {
    status = 'succeeded';
    outcome = done;
  } else if (sent.statusCode === 410) {
    status = 'failed';
    gone = true;
    outcome = done;
  } else if (waitAfterMs === null) {
    status = 'failed';
    outcome = done;
  } else {
    status = 'delivering';
    outcome = { next: 'retry', waitMs: sent.retryAfterMs ?? waitAfterMs };
  }
  // The answer replaces this attempt's interrupted record; a 410 disables the trigger in the same statement.
  await sql(
    em,
    `
    with run as (
      update trigger_run set attempts = jsonb_set(attempts, array[?::text], ?::jsonb), status = ?, next_attempt_at = ?, finished_at = ?
       where id = ? returning trigger_id)
    update agent_trigger set enabled = false, disabled_reason = 'receiver_gone' where ?::boolean and id = (select trigger_id from run)`,
    [
      String(row.recorded),
      JSON.stringify(record),
      status,
      outcome.next === 'retry' ? new Date(Date.now() + outcome.waitMs) : null,
      outcome.next === 'done' ? new Date() : null,
      runId,
      gone,
    ],
  );
  return outcome;
}

interface AttemptRow {
  status: TriggerRunStatus;
  run_url: string | null;
  /** Attempts on record before this one: the index this attempt's record takes. */
  recorded: number;
  trigger_id: string | null;
  trigger_organization_id: string | null;
  enabled: boolean | null;
  trigger_url: string | null;
  secret_encrypted: string | null;
  retry_schedule_ms: number[] | null;
  event_id: string | null;
  type: WebhookEvent['type'] | null;
  data: Record<string, unknown> | null;
  event_organization_id: string | null;
  created_at: Date | string | null;
}
