import { sql, type Orm } from '../../db/orm.js';

export interface ActiveConnection {
  connectionId: string;
  userId: string;
  clientId: string;
  organizationId: string;
  projectId: string;
  /** True when last_used_at is older than a minute (or unset): the caller refreshes it. */
  stale: boolean;
}

/**
 * The connection of a grant when it is still in force: not revoked, and its
 * Grant still stored and unexpired (a grant the provider revoked on refresh
 * token reuse is gone even if the connection row missed the event).
 */
export async function findActiveConnection(orm: Orm, grantId: string): Promise<ActiveConnection | undefined> {
  const [row] = await sql(
    orm.em.fork(),
    `select c.id, c.user_id, c.client_id, c.organization_id, c.project_id,
            (c.last_used_at is null or c.last_used_at < now() - interval '1 minute') as stale
       from oauth_connection c
      where c.grant_id = ? and c.revoked_at is null
        and exists (select 1 from oauth_model g where g.model = 'Grant' and g.id = c.grant_id
                     and (g.expires_at is null or g.expires_at > now()))`,
    [grantId],
  );
  if (!row) return undefined;
  return {
    connectionId: row.id as string,
    userId: row.user_id as string,
    clientId: row.client_id as string,
    organizationId: row.organization_id as string,
    projectId: row.project_id as string,
    stale: row.stale === true || row.stale === 't',
  };
}

/** Records use, at most once a minute per connection (the caller checks `stale`). */
export async function touchConnection(orm: Orm, connectionId: string): Promise<void> {
  await sql(orm.em.fork(), 'update oauth_connection set last_used_at = now() where id = ?', [connectionId]);
}
