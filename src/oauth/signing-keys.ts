import { calculateJwkThumbprint, createLocalJWKSet, exportJWK, generateKeyPair, type JWK } from 'jose';
import { sql, type Orm } from '../db/orm.js';
import { toJson } from '../db/values.js';

/**
 * The authorization server's signing keys, kept in `oauth_signing_key` so
 * tokens stay valid across restarts and across processes. The first start
 * generates one RSA key (RS256: the algorithm every OAuth client library
 * accepts) under an advisory lock, so concurrent starts agree on it. Newest
 * first: oidc-provider signs with the first key and publishes them all.
 *
 * Limits: private keys are stored as plain JWKs, so database access is key
 * access; rotation is manual (insert a newer key; drop the old one after the
 * longest token lifetime).
 */
const LOCK_KEY = 7_001_002_003;
const cache = new WeakMap<Orm, Promise<JWK[]>>();

async function readOrCreate(orm: Orm): Promise<JWK[]> {
  return orm.em.fork().transactional(async (em) => {
    const read = async () =>
      (await sql<{ jwk: unknown }>(em, 'select jwk from oauth_signing_key order by created_at desc, kid')).map((r) => toJson<JWK>(r.jwk));
    const existing = await read();
    if (existing.length) return existing;
    await sql(em, 'select pg_advisory_xact_lock(?)', [LOCK_KEY]);
    const afterLock = await read();
    if (afterLock.length) return afterLock;
    const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const jwk = await exportJWK(privateKey);
    const kid = await calculateJwkThumbprint(jwk);
    const full: JWK = { ...jwk, kid, alg: 'RS256', use: 'sig' };
    await sql(em, 'insert into oauth_signing_key (kid, jwk, created_at) values (?, ?::jsonb, now())', [kid, JSON.stringify(full)]);
    return [full];
  });
}

/** Private JWKs, newest first; read once per ORM (process) and cached. */
export function loadSigningKeys(orm: Orm): Promise<JWK[]> {
  let keys = cache.get(orm);
  if (!keys) {
    keys = readOrCreate(orm);
    cache.set(orm, keys);
    keys.catch(() => cache.delete(orm));
  }
  return keys;
}

const PUBLIC_MEMBERS = ['kty', 'kid', 'alg', 'use', 'n', 'e', 'crv', 'x', 'y'] as const;
export function toPublicJwk(jwk: JWK): JWK {
  return Object.fromEntries(PUBLIC_MEMBERS.filter((k) => jwk[k] !== undefined).map((k) => [k, jwk[k]])) as JWK;
}

const keySets = new WeakMap<Orm, { at: number; set: ReturnType<typeof createLocalJWKSet> }>();
const RELOAD_AFTER_MS = 60_000;

/**
 * The public keys as a jose key set, for verifying access tokens. Re-read
 * from the database at most once a minute, so a key added by another process
 * (rotation) is picked up without a restart.
 */
export async function verificationKeySet(orm: Orm, now = Date.now()) {
  const cached = keySets.get(orm);
  if (cached && now - cached.at < RELOAD_AFTER_MS) return cached.set;
  cache.delete(orm);
  const keys = await loadSigningKeys(orm);
  const set = createLocalJWKSet({ keys: keys.map(toPublicJwk) });
  keySets.set(orm, { at: now, set });
  return set;
}
