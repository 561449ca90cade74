import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { notFound } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import { operation } from '../operation.js';
import { findPage, PageQuery, type PageOf } from '../paging.js';
import { ApiClient } from './org.entity.js';
import { createApiClient, revokeApiClient } from './api-clients.js';
import { CreateApiClientBody, type ApiClientView } from './org.schemas.js';
import { permissionsOfRole, requireCanGrant, type Principal } from './permissions.js';

/**
 * The organization's REST API clients (OAuth 2.0 client credentials), managed by whoever manages the
 * organization: listed without their secrets (only a hash is stored), created with a secret shown once, revoked
 * (their tokens are refused within seconds: api-clients.ts). Nobody makes a client that holds more than they do.
 */
export function toApiClientView(client: ApiClient): ApiClientView {
  return {
    client_id: client.id,
    name: client.name,
    role: client.role,
    created_at: client.createdAt.toISOString(),
    last_used_at: client.lastUsedAt?.toISOString() ?? null,
    revoked_at: client.revokedAt?.toISOString() ?? null,
  };
}

export const listApiClients = operation(
  { needs: 'org:manage', input: PageQuery },
  async (em: Em, principal: Principal, page: z.output<typeof PageQuery>): Promise<PageOf<ApiClientView>> => {
    const found = await findPage(em, ApiClient, { organization: principal.organizationId }, page, { list: 'api_clients', order: 'desc' });
    return { ...found, items: found.items.map(toApiClientView) };
  },
);

export const createOrgApiClient = operation(
  { needs: 'org:manage', input: CreateApiClientBody },
  async (em: Em, principal: Principal, body: z.output<typeof CreateApiClientBody>): Promise<{ api_client: ApiClientView; client_secret: string }> => {
    const role = body.role ?? 'viewer';
    // An unknown role holds no permission, so it passes here and createApiClient refuses it naming `role`.
    requireCanGrant(principal, { name: role, permissions: permissionsOfRole(role) });
    return em.transactional(async (tx) => {
      const created = await createApiClient(tx, { organizationId: principal.organizationId, name: body.name, role });
      recordAudit(tx, principal, { action: 'api_client.create', targetType: 'api_client', targetId: created.clientId, data: { name: body.name, role } });
      await tx.flush();
      return { api_client: toApiClientView(created.client), client_secret: created.clientSecret };
    });
  },
);

export const revokeOrgApiClient = operation({ needs: 'org:manage' }, async (em: Em, principal: Principal, clientId: string): Promise<ApiClientView> => {
  const client = await em.findOne(ApiClient, { id: clientId, organization: principal.organizationId });
  if (!client) throw notFound('API client', clientId);
  if (!client.revokedAt) {
    recordAudit(em, principal, { action: 'api_client.revoke', targetType: 'api_client', targetId: client.id, data: { name: client.name } });
    await em.flush();
    await revokeApiClient(em, client.id);
  }
  return toApiClientView(client);
});
