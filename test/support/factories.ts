import type { Em } from '../../src/db/orm.js';
import { createOrganization } from '../../src/modules/org/create-organization.js';
import { createApiClient, issueToken } from '../../src/modules/org/api-clients.js';
import type { TestApp } from './app.js';

let counter = 0;
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}`;
}

export interface TestTenant {
  organizationId: string;
  projectId: string;
  clientId: string;
  clientSecret: string;
  token: string;
  /** Authorization and X-Organization-Id, ready for supertest's .set(). */
  headers: Record<string, string>;
}

/** A fresh organization with an API client of `role` and a token for it. */
export async function createTenant(t: TestApp, role = 'admin'): Promise<TestTenant> {
  const em: Em = t.orm.em.fork();
  const { organization, project } = await createOrganization(em, { name: unique('Org') });
  const client = await createApiClient(em, { organizationId: organization.id, name: 'test client', role });
  const token = await issueToken(em, t.deps.config.auth, { client_id: client.clientId, client_secret: client.clientSecret });
  return {
    organizationId: organization.id,
    projectId: project.id,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    token: token.access_token,
    headers: { Authorization: `Bearer ${token.access_token}`, 'X-Organization-Id': organization.id },
  };
}

/** Another API client of `tenant`'s organization, with `role`, and a token for it. */
export async function clientOf(t: TestApp, tenant: TestTenant, role: string): Promise<TestTenant> {
  const em: Em = t.orm.em.fork();
  const client = await createApiClient(em, { organizationId: tenant.organizationId, name: `${role} client`, role });
  const token = await issueToken(em, t.deps.config.auth, { client_id: client.clientId, client_secret: client.clientSecret });
  return {
    ...tenant,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    token: token.access_token,
    headers: { Authorization: `Bearer ${token.access_token}`, 'X-Organization-Id': tenant.organizationId },
  };
}
