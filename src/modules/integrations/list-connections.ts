import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { encodeCursor, filterFingerprint } from '../cursor.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { decodeIdCursor } from '../agents/agent-access.js';
import { IntegrationConnection } from './integrations.entity.js';
import { ListConnectionsQuery, type ConnectionView } from './integrations.schemas.js';
import { findConnection, toConnectionView } from './connection-views.js';

/**
 * The organization's connections newest first, keyset-paginated by id (ids
 * are time-ordered), filtered by integration, kind or status; with
 * `connection_id`, that one connection (404 when it is not the
 * organization's). Readable with agents:read: whoever builds agents needs the
 * ids to give them tools, and a view holds no secret. A sign-in acting in one
 * project sees organization-wide connections and that project's.
 */
export const listConnections = operation(
  { needs: 'agents:read', input: ListConnectionsQuery },
  async (
    em: Em,
    principal: Principal,
    query: z.output<typeof ListConnectionsQuery>,
  ): Promise<{ connections: ConnectionView[]; has_more: boolean; next_cursor: string | null }> => {
    if (query.connection_id) {
      const row = await findConnection(em, principal, query.connection_id, 'connection_id');
      const matches =
        (!query.integration || row.integration === query.integration) &&
        (!query.kind || row.kind === query.kind) &&
        (!query.status || row.status === query.status);
      return { connections: matches ? [toConnectionView(row)] : [], has_more: false, next_cursor: null };
    }
    const fingerprint = filterFingerprint({
      list: 'integration_connections',
      integration: query.integration,
      kind: query.kind,
      status: query.status,
      project: principal.projectId,
    });
    const after = query.cursor ? decodeIdCursor(query.cursor, fingerprint, 'integrationConnection') : undefined;
    const rows = await em.find(
      IntegrationConnection,
      {
        organization: principal.organizationId,
        ...(principal.projectId ? { $or: [{ project: null }, { project: principal.projectId }] } : {}),
        ...(query.integration ? { integration: query.integration } : {}),
        ...(query.kind ? { kind: query.kind } : {}),
        ...(query.status ? { status: query.status } : {}),
        ...(after ? { id: { $lt: after.id } } : {}),
      },
      { orderBy: { id: 'desc' }, limit: query.page_size + 1 },
    );
    const hasMore = rows.length > query.page_size;
    const page = hasMore ? rows.slice(0, query.page_size) : rows;
    const last = page.at(-1);
    return {
      connections: page.map(toConnectionView),
      has_more: hasMore,
      // The cursor format carries a timestamp; only the id orders this listing.
      next_cursor: hasMore && last ? encodeCursor({ t: last.createdAt.toISOString(), id: last.id }, fingerprint) : null,
    };
  },
);
