import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { validationFailed } from '../errors.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { actorOf, findAgent } from '../agents/agent-access.js';
import { assertPublicUrl } from '../outbound-http.js';
import { encryptSecret } from '../secrets/secret-box.js';
import { AgentTrigger, TriggerRun } from './triggers.entity.js';
import type { CreateTriggerBody, TriggerView } from './triggers.schemas.js';
import { findTrigger, toTriggerView } from './trigger-access.js';
import { newSigningSecret, type TriggerSettings } from './trigger-settings.js';
import { findPage, type Page, type PageOf } from '../paging.js';

/** The secret is bound to its organization: a ciphertext copied into another organization's row does not decrypt. */
export const secretContext = (trigger: Pick<AgentTrigger, 'organization' | 'id'>) => `agent_trigger:${trigger.organization}:${trigger.id}`;

/**
 * A target URL must be https, or http to a host the outbound allowlist names
 * (a loopback receiver in tests), and must not name a private or reserved
 * address. Names resolving to such addresses are refused when delivered
 * (the guarded dispatcher checks after DNS resolution).
 */
export function checkTargetUrl(value: string, field: string, settings: Pick<TriggerSettings, 'allowedHosts'>): void {
  const url = new URL(value);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (url.protocol !== 'https:' && !settings.allowedHosts.includes(host)) {
    throw validationFailed([{ field, message: 'must be an https URL' }]);
  }
  assertPublicUrl(value, field, settings.allowedHosts);
}

/** Creates a trigger; the signing secret is returned here and never again. */
export async function createTrigger(
  em: Em, principal: Principal, input: CreateTriggerBody, settings: TriggerSettings,
): Promise<{ trigger: TriggerView; signing_secret: string }> {
  requirePermission(principal, 'triggers:manage');
  checkTargetUrl(input.url, 'body.url', settings);
  const agent = await findAgent(em, principal, input.agent_id);
  const secret = newSigningSecret();
  const trigger = em.create(AgentTrigger, {
    id: newId('agentTrigger'),
    organization: agent.organization,
    project: agent.project,
    agent: agent.id,
    name: input.name ?? null,
    eventKinds: [...new Set(input.event_kinds)],
    url: input.url,
    secretEncrypted: '',
    enabled: true,
    disabledReason: null,
    retryScheduleMs: input.retry_schedule_ms ?? null,
    createdBy: actorOf(principal),
  });
  trigger.secretEncrypted = encryptSecret(settings.encryptionKey, secret, secretContext(trigger));
  await em.flush();
  return { trigger: toTriggerView(trigger, settings.retryScheduleMs), signing_secret: secret };
}

export async function listTriggers(em: Em, principal: Principal, agentId: string | undefined, settings: TriggerSettings, query: Page): Promise<PageOf<TriggerView>> {
  requirePermission(principal, 'agents:read');
  if (agentId) await findAgent(em, principal, agentId, { archived: 'allow' });
  const page = await findPage(em, AgentTrigger, {
    organization: principal.organizationId,
    ...(principal.projectId ? { project: principal.projectId } : {}),
    ...(agentId ? { agent: agentId } : {}),
  }, query, { list: 'triggers', order: 'asc', filters: { project: principal.projectId, agent_id: agentId } });
  return { ...page, items: page.items.map((t) => toTriggerView(t, settings.retryScheduleMs)) };
}

export async function getTrigger(em: Em, principal: Principal, triggerId: string, settings: TriggerSettings): Promise<TriggerView> {
  requirePermission(principal, 'agents:read');
  return toTriggerView(await findTrigger(em, principal, triggerId), settings.retryScheduleMs);
}

/**
 * Enables or disables a trigger. Disabled, it makes no new runs, and runs
 * still retrying stop before their next attempt (deliverAttempt reads it).
 */
export async function setTriggerEnabled(em: Em, principal: Principal, triggerId: string, enabled: boolean, settings: TriggerSettings): Promise<TriggerView> {
  requirePermission(principal, 'triggers:manage');
  const trigger = await findTrigger(em, principal, triggerId);
  trigger.enabled = enabled;
  trigger.disabledReason = enabled ? null : 'operator';
  await em.flush();
  return toTriggerView(trigger, settings.retryScheduleMs);
}

/**
 * Deletes a trigger with its runs. A run's workflow still waiting finds its
 * row gone before the next attempt and stops (deliverAttempt).
 */
export async function deleteTrigger(em: Em, principal: Principal, triggerId: string): Promise<{ trigger_id: string; deleted: true }> {
  requirePermission(principal, 'triggers:manage');
  const trigger = await findTrigger(em, principal, triggerId);
  await em.nativeDelete(TriggerRun, { trigger: trigger.id });
  await em.nativeDelete(AgentTrigger, { id: trigger.id });
  return { trigger_id: trigger.id, deleted: true };
}
