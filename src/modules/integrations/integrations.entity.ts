import { defineEntity, p } from '@mikro-orm/core';
import { Organization, Project } from '../org/org.entity.js';
import type { Actor } from '../agents/agents.entity.js';

export type IntegrationKey = 'caldav' | 'hubspot' | 'zendesk';
export type IntegrationKind = 'calendar' | 'crm' | 'helpdesk';
export type ConnectionStatus = 'connected' | 'error' | 'disconnected';

/**
 * An organization's account at a calendar, CRM or helpdesk (issue 6 item 6,
 * decision 0019). `settings` are the non-secret fields (calendar URL, time
 * zone, business hours, API base URL), returned by the API; the secret ones
 * (passwords, tokens) are `credentialsEncrypted`, JSON under the secret box
 * bound to the organization id, never returned (`credentialNames` says which
 * are set) and wiped on disconnect. `project` null: every project of the
 * organization may use it; set: only agents of that project.
 * Status: `connected` after the provider accepted the credentials; `error`
 * when it later refused them during a call (`lastError`, `lastErrorAt`);
 * `disconnected` once an operator disconnected it (no credentials kept).
 */
const IntegrationConnectionSchema = defineEntity({
  name: 'IntegrationConnection',
  tableName: 'integration_connection',
  indexes: [{ name: 'integration_connection_organization_idx', properties: ['organization', 'id'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    project: () => p.manyToOne(Project).mapToPk().nullable().deleteRule('cascade'),
    integration: p.string().length(20).$type<IntegrationKey>(),
    kind: p.string().length(10).$type<IntegrationKind>(),
    name: p.string().length(100),
    settings: p.json<Record<string, unknown>>(),
    credentialsEncrypted: p.text().nullable(),
    credentialNames: p.json<string[]>(),
    status: p.string().length(12).$type<ConnectionStatus>(),
    lastError: p.text().nullable(),
    lastErrorAt: p.datetime().nullable(),
    connectedAt: p.datetime().nullable(),
    disconnectedAt: p.datetime().nullable(),
    createdBy: p.json<Actor>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class IntegrationConnection extends IntegrationConnectionSchema.class {}
IntegrationConnectionSchema.setClass(IntegrationConnection);

export const integrationsEntities = [IntegrationConnection];
