import type { EngineSettings } from '../engine/engine-settings.js';
import { decryptSecret } from '../secrets/secret-box.js';
import { createCaldavClient, type CaldavCredentials, type CaldavSettings } from './caldav-client.js';
import { createHubspotClient } from './hubspot-client.js';
import { createZendeskClient } from './zendesk-client.js';
import type { IntegrationConnection } from './integrations.entity.js';
import type { ConnectIntegrationInput } from './integrations.schemas.js';

/**
 * The provider client of a stored connection; the credentials are decrypted
 * only here, when a tool runs. Each accessor refuses a connection of another
 * integration (a bug, not a user error).
 */
export function clientsFor(row: IntegrationConnection, settings: EngineSettings) {
  const wire = { settings };
  const credentials = () => {
    if (!row.credentialsEncrypted) throw new Error(`Connection ${row.id} holds no credentials (disconnected)`);
    return JSON.parse(decryptSecret(settings.encryptionKey, row.credentialsEncrypted, row.organization)) as Record<string, string>;
  };
  const expect = (integration: IntegrationConnection['integration']) => {
    if (row.integration !== integration) throw new Error(`Connection ${row.id} is a ${row.integration} connection, not ${integration}`);
  };
  return {
    caldav() {
      expect('caldav');
      const cal = row.settings as unknown as CaldavSettings;
      return { calendar: createCaldavClient(cal, credentials() as unknown as CaldavCredentials, wire), settings: cal };
    },
    hubspot() {
      expect('hubspot');
      return createHubspotClient(row.settings as { base_url: string }, credentials() as { access_token: string }, wire);
    },
    zendesk() {
      expect('zendesk');
      return createZendeskClient(row.settings as { subdomain?: string; base_url?: string }, credentials() as { email: string; api_token: string }, wire);
    },
  };
}

/** Asks the provider whether the credentials work (throws ProviderError when not); connect stores nothing before this passes. */
export async function validateCredentials(body: ConnectIntegrationInput, settings: EngineSettings): Promise<void> {
  const wire = { settings };
  if (body.integration === 'caldav') await createCaldavClient(body.settings, body.credentials, wire).validate();
  else if (body.integration === 'hubspot') await createHubspotClient(body.settings, body.credentials, wire).validate();
  else await createZendeskClient(body.settings, body.credentials, wire).validate();
}
