import { validationFailed } from '../errors.js';
import { assertPublicUrl } from '../outbound-http.js';
import type { AgentTrigger } from './triggers.entity.js';
import type { TriggerSettings } from './trigger-settings.js';

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
