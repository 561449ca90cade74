import { calculateJwkThumbprint, createLocalJWKSet, exportJWK, generateKeyPair, type JWK } from 'jose';
import { sql, type Em, type Orm } from '../db/orm.js';
import { toIso, toJson } from '../db/values.js';
import { decryptSecret, encryptSecret } from '../modules/secrets/secret-box.js';
import { ACCESS_TOKEN_TTL_SECONDS } from './urls.js';

/**
 * The authorization server's signing keys, kept in `oauth_signing_key` so
 * tokens stay valid across restarts and across processes. RSA (RS256: the
 * algorithm every OAuth client library accepts). The private JWK is stored
 * encrypted under ENCRYPTION_KEY (AES-256-GCM, the kid bound as context), so
 * reading the database is not enough to mint MCP access tokens; `jwk` holds
 * the public part, which is all verification needs.
 *
 * Rotation (`npm run cli -- oauth rotate-key`) adds a newer key. Newest
 * first: oidc-provider signs with the first key and publishes them all; the
 * MCP endpoint verifies with all of them. Every process re-reads the keys
 * within KEY_RELOAD_MS, so a superseded key may sign for that long after it
 * was superseded; its tokens then live ACCESS_TOKEN_TTL_SECONDS. It is kept
 * (and verifies) until its successor is older than RETIRED_KEY_GRACE_SECONDS,
 * then deleted by the next process that reads the keys.
 *
 * Rows written before encryption at rest (plain private JWKs) are encrypted
 * in place the first time a process reads them.
 */
const LOCK_KEY = 7_001_002_003;
export const KEY_RELOAD_MS = 60_000;
/** A superseded key verifies for this long after its successor appeared: the token lifetime, every process's reload, clock skew. */
export const RETIRED_KEY_GRACE_SECONDS = ACCESS_TOKEN_TTL_SECONDS + 10 * 60;
/** A token with an unknown kid re-reads the public keys, at most this often (a key made by another process seconds ago). */
const UNKNOWN_KID_RELOAD_MS = 1_000;

interface KeyRow {
  kid: string;
  jwk: unknown;
  private_jwk_encrypted: string | null;
  created_at: unknown;
  retired: boolean;
}

const context = (kid: string) => `oauth_signing_key:${kid}`;

const PUBLIC_MEMBERS = ['kty', 'kid', 'alg', 'use', 'n', 'e', 'crv', 'x', 'y'] as const;
export function toPublicJwk(jwk: JWK): JWK {
  return Object.fromEntries(PUBLIC_MEMBERS.filter((k) => jwk[k] !== undefined).map((k) => [k, jwk[k]])) as JWK;
}

/** Newest first; `retired`: its successor is older than the grace period, so every token it signed has expired. */
function readRows(em: Em): Promise<KeyRow[]> {
  return sql<KeyRow>(
    em,
    `select kid, jwk, private_jwk_encrypted, created_at,
            coalesce(lag(created_at) over (order by created_at desc, kid) < now() - make_interval(secs => ?::int), false) as retired
       from oauth_signing_key order by created_at desc, kid`,
    [RETIRED_KEY_GRACE_SECONDS],
  );
}

async function newKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { ...jwk, kid, alg: 'RS256', use: 'sig' };
}

async function insertKey(em: Em, encryptionKey: Buffer, jwk: JWK): Promise<void> {
  await sql(em, 'insert into oauth_signing_key (kid, jwk, private_jwk_encrypted, created_at) values (?, ?::jsonb, ?, clock_timestamp())', [
    jwk.kid,
    JSON.stringify(toPublicJwk(jwk)),
    encryptSecret(encryptionKey, JSON.stringify(jwk), context(jwk.kid!)),
  ]);
}

/** Under the lock: the first key when there is none, legacy plain rows encrypted, retired keys deleted. */
async function repair(em: Em, encryptionKey: Buffer, rows: KeyRow[]): Promise<void> {
  if (!rows.length) await insertKey(em, encryptionKey, await newKey());
  for (const row of rows.filter((r) => r.private_jwk_encrypted === null && !r.retired)) {
    const plain = toJson<JWK>(row.jwk);
    await sql(em, 'update oauth_signing_key set jwk = ?::jsonb, private_jwk_encrypted = ? where kid = ?', [
      JSON.stringify(toPublicJwk(plain)),
      encryptSecret(encryptionKey, JSON.stringify(plain), context(row.kid)),
      row.kid,
    ]);
  }
  const retired = rows.filter((r) => r.retired).map((r) => r.kid);
  if (retired.length) await sql(em, `delete from oauth_signing_key where kid in (${retired.map(() => '?').join(', ')})`, retired);
}

async function readOrCreate(orm: Orm, encryptionKey: Buffer): Promise<JWK[]> {
  return orm.em.fork().transactional(async (em) => {
    let rows = await readRows(em);
    if (!rows.length || rows.some((r) => r.retired || r.private_jwk_encrypted === null)) {
      // Concurrent starts agree: one makes the first key (or encrypts, or deletes), the others read its result.
      await sql(em, 'select pg_advisory_xact_lock(?)', [LOCK_KEY]);
      await repair(em, encryptionKey, await readRows(em));
      rows = await readRows(em);
    }
    const keys = rows.map((row) => JSON.parse(decryptSecret(encryptionKey, row.private_jwk_encrypted!, context(row.kid))) as JWK);
    // The verifying side of this process moves with the signing side: a key that signs here also verifies here.
    keySets.set(orm, { at: Date.now(), set: Promise.resolve(publicKeySet(rows)) });
    return keys;
  });
}

const cache = new WeakMap<Orm, { at: number; keys: Promise<JWK[]> }>();

/**
 * Private JWKs, newest first (the first signs): re-read at most once per
 * KEY_RELOAD_MS per ORM (process), so a rotation made elsewhere is picked up
 * without a restart. Fails with SecretDecryptionError when ENCRYPTION_KEY is
 * not the key they were stored under.
 */
export function loadSigningKeys(orm: Orm, encryptionKey: Buffer, now = Date.now()): Promise<JWK[]> {
  const cached = cache.get(orm);
  if (cached && now - cached.at < KEY_RELOAD_MS) return cached.keys;
  const keys = readOrCreate(orm, encryptionKey);
  const entry = { at: now, keys };
  cache.set(orm, entry);
  keys.catch(() => {
    if (cache.get(orm) === entry) cache.delete(orm);
  });
  return keys;
}

export interface RotatedKeys {
  /** The new key: it signs from now on (each process within KEY_RELOAD_MS). */
  kid: string;
  keys: { kid: string; created_at: string; role: 'signing' | 'verifying' }[];
}

/**
 * Makes a new signing key, newest of all. Older keys keep verifying until
 * their successor is RETIRED_KEY_GRACE_SECONDS old. This process's caches
 * are dropped at once; others re-read within KEY_RELOAD_MS.
 */
export async function rotateSigningKey(orm: Orm, encryptionKey: Buffer): Promise<RotatedKeys> {
  const jwk = await newKey();
  const rows = await orm.em.fork().transactional(async (em) => {
    await sql(em, 'select pg_advisory_xact_lock(?)', [LOCK_KEY]);
    const existing = await readRows(em);
    if (existing.length) await repair(em, encryptionKey, existing);
    await insertKey(em, encryptionKey, jwk);
    return readRows(em);
  });
  cache.delete(orm);
  keySets.delete(orm);
  return { kid: jwk.kid!, keys: rows.map((r, i) => ({ kid: r.kid, created_at: toIso(r.created_at), role: i === 0 ? 'signing' : 'verifying' })) };
}

const keySets = new WeakMap<Orm, { at: number; set: Promise<ReturnType<typeof createLocalJWKSet>> }>();

const publicKeySet = (rows: KeyRow[]) => createLocalJWKSet({ keys: rows.filter((r) => !r.retired).map((r) => toPublicJwk(toJson<JWK>(r.jwk))) });
const readPublicKeySet = async (orm: Orm) => publicKeySet(await readRows(orm.em.fork()));

/**
 * The public keys, as a jose key set for verifying access tokens; no
 * decryption needed. Re-read at most once per KEY_RELOAD_MS, or sooner
 * (`unknownKid`, at most every few seconds) when a token names a key this
 * process has not seen yet: another process may have just rotated.
 */
export function verificationKeySet(orm: Orm, options: { unknownKid?: boolean } = {}, now = Date.now()) {
  const cached = keySets.get(orm);
  const maxAge = options.unknownKid ? UNKNOWN_KID_RELOAD_MS : KEY_RELOAD_MS;
  if (cached && now - cached.at < maxAge) return cached.set;
  const entry = { at: now, set: readPublicKeySet(orm) };
  keySets.set(orm, entry);
  entry.set.catch(() => {
    if (keySets.get(orm) === entry) keySets.delete(orm);
  });
  return entry.set;
}
