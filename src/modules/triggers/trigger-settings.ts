import { createHmac, randomBytes } from 'node:crypto';
import type { Agent as Dispatcher } from 'undici';
import { loadConfig, type Config } from '../../config.js';
import { closePooledDispatchers, pooledDispatcher } from '../outbound-pool.js';

/** What webhook delivery needs from the configuration (the API passes its config; the worker too). */
export interface TriggerSettings {
  encryptionKey: Buffer;
  allowedHosts: readonly string[];
  retryScheduleMs: readonly number[];
  timeoutMs: number;
}

export function triggerSettingsFrom(config: Pick<Config, 'secrets' | 'outbound' | 'triggers'>): TriggerSettings {
  return {
    encryptionKey: config.secrets.encryptionKey,
    allowedHosts: config.outbound.allowedHosts,
    retryScheduleMs: config.triggers.retryScheduleMs,
    timeoutMs: config.triggers.timeoutMs,
  };
}

let fromEnvironment: TriggerSettings | undefined;
/** Callers holding only an ORM (activities built without settings) read the environment once. */
export function defaultTriggerSettings(): TriggerSettings {
  fromEnvironment ??= triggerSettingsFrom(loadConfig(process.env));
  return fromEnvironment;
}

/** The guarded pool for the deliveries' allowlist (modules/outbound-pool.ts). */
export function webhookDispatcher(settings: Pick<TriggerSettings, 'allowedHosts'>): Dispatcher {
  return pooledDispatcher(settings.allowedHosts);
}

export const closeWebhookDispatchers = closePooledDispatchers;

/** A Standard Webhooks secret: `whsec_` + base64 of 32 random bytes (receivers' libraries decode what follows the prefix). */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The `webhook-signature` value: `v1,` + base64 HMAC-SHA256 over `id.timestamp.body` keyed by the decoded secret. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}
