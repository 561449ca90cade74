import { sql, type Em } from '../../db/orm.js';
import { toIso, toIsoOrNull } from '../../db/values.js';

export interface ConnectionView {
  connectionId: string;
  clientId: string;
  clientName: string;
  organizationId: string;
  organizationName: string;
  projectId: string;
  projectName: string;
  connectedAt: string;
  lastUsedAt: string | null;
}

/** The user's connections still in force, newest first: what Connected apps shows. */
export async function listConnections(em: Em, userId: string): Promise<ConnectionView[]> {
  const rows = await sql(
    em,
    `select c.id, c.client_id, c.client_name, c.organization_id, o.name as organization_name, c.project_id,
            p.name as project_name, c.created_at, c.last_used_at
       from oauth_connection c
       join organization o on o.id = c.organization_id
       join project p on p.id = c.project_id
      where c.user_id = ? and c.revoked_at is null
      order by c.created_at desc, c.id desc`,
    [userId],
  );
  return rows.map((r) => ({
    connectionId: r.id as string,
    clientId: r.client_id as string,
    clientName: r.client_name as string,
    organizationId: r.organization_id as string,
    organizationName: r.organization_name as string,
    projectId: r.project_id as string,
    projectName: r.project_name as string,
    connectedAt: toIso(r.created_at),
    lastUsedAt: toIsoOrNull(r.last_used_at),
  }));
}
