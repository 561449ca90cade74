import { performance } from 'node:perf_hooks';
import type { Em } from '../../db/orm.js';
import { OutboundRequestError, safeRequest } from '../outbound-http.js';
import { decryptSecret } from '../secrets/secret-box.js';
import { AgentTrigger, TriggerRun, WebhookEvent } from './triggers.entity.js';
import type { DeliveryAttempt, TriggerRunStatus } from './triggers.schemas.js';
import { secretContext } from './manage-triggers.js';
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
  await em.nativeUpdate(
    TriggerRun,
    { id: runId, status: { $nin: TERMINAL } },
    { status: 'cancelled', nextAttemptAt: null, finishedAt: new Date() },
  );
}

/** The envelope of DESIGN section 7; the same bytes on every attempt. */
export function envelope(event: WebhookEvent): string {
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
  settings: Pick<TriggerSettings, 'allowedHosts' | 'timeoutMs'>, url: string, secret: string, webhookId: string, body: string,
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
  const run = await em.findOne(TriggerRun, { id: runId });
  if (!run || TERMINAL.includes(run.status)) return done;
  const trigger = await em.findOne(AgentTrigger, { id: run.trigger });
  const event = await em.findOne(WebhookEvent, { id: run.event });
  if (!trigger || !event || !trigger.enabled) {
    await cancelTriggerRun(em, runId);
    return done;
  }
  const schedule = trigger.retryScheduleMs ?? settings.retryScheduleMs;
  const waitAfterMs = attempt < schedule.length ? schedule[attempt] : null;
  const url = run.url ?? trigger.url;
  const secret = decryptSecret(settings.encryptionKey, trigger.secretEncrypted, secretContext(trigger));
  const at = new Date();
  // On record before the request goes out: if this worker dies before the answer is written, the attempt (which
  // the receiver may have had) stays visible as interrupted, and the retried activity records its own.
  const index = run.attempts.length;
  // New arrays, so the JSON column is seen as changed.
  run.attempts = [...run.attempts, { at: at.toISOString(), status_code: null, latency_ms: 0, error: INTERRUPTED, url }];
  await em.flush();
  const sent = await sendWebhook(settings, url, secret, event.id, envelope(event));

  const record: DeliveryAttempt = { at: at.toISOString(), status_code: sent.statusCode, latency_ms: sent.latencyMs, error: sent.error, url };
  run.attempts = run.attempts.map((a, i) => (i === index ? record : a));
  let outcome: AttemptOutcome;
  if (sent.statusCode !== null && sent.statusCode >= 200 && sent.statusCode < 300) {
    run.status = 'succeeded';
    outcome = done;
  } else if (sent.statusCode === 410) {
    run.status = 'failed';
    trigger.enabled = false;
    trigger.disabledReason = 'receiver_gone';
    outcome = done;
  } else if (waitAfterMs === null) {
    run.status = 'failed';
    outcome = done;
  } else {
    run.status = 'delivering';
    outcome = { next: 'retry', waitMs: sent.retryAfterMs ?? waitAfterMs };
  }
  run.nextAttemptAt = outcome.next === 'retry' ? new Date(Date.now() + outcome.waitMs) : null;
  if (outcome.next === 'done') run.finishedAt = new Date();
  await em.flush();
  return outcome;
}
