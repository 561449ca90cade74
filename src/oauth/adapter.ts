import type { Adapter, AdapterPayload } from 'oidc-provider';
import { sql, type Orm } from '../db/orm.js';
import { toJson } from '../db/values.js';

/**
 * oidc-provider's storage on PostgreSQL: one table, `oauth_model`, keyed by
 * (model, id). Expiry is enforced here (an expired row reads as absent and is
 * deleted then), plus a sweep of expired rows at most every ten minutes per
 * process, started by a write. Consumption (codes, rotated refresh tokens) is
 * a timestamp column merged into the payload as `consumed`, which is what
 * the provider checks to detect reuse.
 */
const SWEEP_EVERY_MS = 10 * 60_000;
const lastSweep = new WeakMap<Orm, number>();

interface Row {
  payload: unknown;
  consumed: number | string | null;
  expired: boolean;
}

export class PgAdapter implements Adapter {
  constructor(
    private readonly orm: Orm,
    readonly name: string,
  ) {}

  private run<T = Record<string, unknown>>(query: string, params: unknown[]) {
    return sql<T>(this.orm.em.fork(), query, params);
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    await this.run(
      `insert into oauth_model (model, id, payload, grant_id, user_code, uid, expires_at)
       values (?, ?, ?::jsonb, ?, ?, ?, case when ?::int is null then null else now() + make_interval(secs => ?::int) end)
       on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
         user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
      [this.name, id, JSON.stringify(payload), payload.grantId ?? null, payload.userCode ?? null, payload.uid ?? null, expiresIn ?? null, expiresIn ?? null],
    );
    void this.sweep();
  }

  find(id: string) {
    return this.findWhere('id = ?', id);
  }

  findByUid(uid: string) {
    return this.findWhere('uid = ?', uid);
  }

  findByUserCode(userCode: string) {
    return this.findWhere('user_code = ?', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.run('update oauth_model set consumed_at = now() where model = ? and id = ?', [this.name, id]);
  }

  async destroy(id: string): Promise<void> {
    await this.run('delete from oauth_model where model = ? and id = ?', [this.name, id]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.run('delete from oauth_model where model = ? and grant_id = ?', [this.name, grantId]);
  }

  private async findWhere(condition: string, value: string): Promise<AdapterPayload | undefined> {
    const [row] = await this.run<Row>(
      `select payload, extract(epoch from consumed_at)::bigint as consumed, coalesce(expires_at <= now(), false) as expired
         from oauth_model where model = ? and ${condition}`,
      [this.name, value],
    );
    if (!row) return undefined;
    if (row.expired) {
      await this.run(`delete from oauth_model where model = ? and ${condition} and expires_at <= now()`, [this.name, value]);
      return undefined;
    }
    const payload = toJson<AdapterPayload>(row.payload);
    return row.consumed === null ? payload : { ...payload, consumed: Number(row.consumed) };
  }

  /** Deletes expired rows of every model; errors are ignored (the next sweep retries). */
  private async sweep(now = Date.now()) {
    if (now - (lastSweep.get(this.orm) ?? 0) < SWEEP_EVERY_MS) return;
    lastSweep.set(this.orm, now);
    await this.run('delete from oauth_model where expires_at <= now()', []).catch(() => undefined);
  }
}

/**
 * Deletes a grant and every artefact issued under it (codes, refresh tokens,
 * sessions' references stay), in one statement: what Disconnect does. JWT
 * access tokens are not stored; the MCP endpoint refuses them because the
 * grant's connection is revoked (src/oauth/verify-access-token.ts).
 */
export async function deleteGrantArtefacts(orm: Orm, grantId: string): Promise<void> {
  await sql(orm.em.fork(), `delete from oauth_model where grant_id = ? or (model = 'Grant' and id = ?)`, [grantId, grantId]);
}
