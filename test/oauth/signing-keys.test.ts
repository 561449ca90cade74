import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { calculateJwkThumbprint, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { createTestUser, refreshTokens, signInAndConsent } from '../support/oauth-flow.js';
import { initOrm, sql } from '../../src/db/orm.js';
import { entities } from '../../src/entities.js';
import { loadSigningKeys, RETIRED_KEY_GRACE_SECONDS, rotateSigningKey, toPublicJwk } from '../../src/oauth/signing-keys.js';
import { decryptSecret, encryptSecret, SecretDecryptionError } from '../../src/modules/secrets/secret-box.js';

/**
 * The OAuth signing keys at rest and their rotation (hardening issue, item
 * 5): nothing in the table signs a token without ENCRYPTION_KEY, plain rows
 * from before are encrypted in place, and a rotation keeps every token it
 * did not sign valid until it expires.
 */
let s: TestServer;
let tenant: TestTenant;
let user: { userId: string; email: string; password: string };
let encryptionKey: Buffer;
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi'];

beforeAll(async () => {
  s = await startTestServer();
  tenant = await createTenant(s);
  user = await createTestUser(s.orm.em.fork(), tenant.organizationId, 'admin');
  encryptionKey = s.deps.config.secrets.encryptionKey;
});
afterAll(async () => s.close());

const connect = () => signInAndConsent(s.baseUrl, { ...user, organizationId: tenant.organizationId, projectId: tenant.projectId });

async function mcpStatus(token: string): Promise<number> {
  const res = await fetch(`${s.baseUrl}/platform/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  await res.arrayBuffer();
  return res.status;
}

/** A fresh ORM: its own key cache, as another process (or the next start) has. */
async function withFreshOrm<T>(run: (orm: Awaited<ReturnType<typeof initOrm>>) => Promise<T>): Promise<T> {
  const orm = await initOrm({ entities, url: process.env.TEST_DATABASE_URL!, poolMax: 2, logger: () => {} });
  try {
    return await run(orm);
  } finally {
    await orm.close(true);
  }
}

async function rsaJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}

const keyRow = async (kid: string) =>
  (
    await sql<{ jwk: string; private_jwk_encrypted: string | null }>(
      s.orm.em.fork(),
      'select jwk::text as jwk, private_jwk_encrypted from oauth_signing_key where kid = ?',
      [kid],
    )
  )[0];

/** A token like `template` (a real one), signed with `jwk`, never seen by the server before. */
async function signLike(template: string, jwk: JWK): Promise<string> {
  const payload = JSON.parse(Buffer.from(template.split('.')[1], 'base64url').toString());
  return new SignJWT({ ...payload, jti: crypto.randomUUID() })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk.kid })
    .sign(await importJWK(jwk, 'RS256'));
}

describe('signing keys at rest', () => {
  it('keeps no private key material in clear: the row holds the public JWK and an AES-GCM ciphertext', async () => {
    await connect(); // the provider made (or loaded) its key
    const rows = await sql<{ kid: string; jwk: string; private_jwk_encrypted: string | null }>(
      s.orm.em.fork(),
      'select kid, jwk::text as jwk, private_jwk_encrypted from oauth_signing_key',
    );
    expect(rows.length).toBeGreaterThanOrEqual(1);
    for (const row of rows) {
      for (const member of PRIVATE_MEMBERS) expect(row.jwk).not.toMatch(new RegExp(`"${member}"\\s*:`));
      expect(row.private_jwk_encrypted).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
      expect(row.private_jwk_encrypted).not.toContain('"d"');
      // Under the key (and bound to the kid) it is the private JWK; under any other key it is nothing.
      expect(JSON.parse(decryptSecret(encryptionKey, row.private_jwk_encrypted!, `oauth_signing_key:${row.kid}`))).toMatchObject({
        kid: row.kid,
        d: expect.any(String),
      });
      expect(() => decryptSecret(Buffer.alloc(32, 9), row.private_jwk_encrypted!, `oauth_signing_key:${row.kid}`)).toThrow(SecretDecryptionError);
      expect(() => decryptSecret(encryptionKey, row.private_jwk_encrypted!, 'oauth_signing_key:another')).toThrow(SecretDecryptionError);
    }
  });

  it('encrypts a plain row from before (private JWK in clear) in place when the keys are next read', async () => {
    const legacy = await rsaJwk();
    // Older than the current key, so it does not sign; recent enough to still verify.
    await sql(s.orm.em.fork(), `insert into oauth_signing_key (kid, jwk, created_at) values (?, ?::jsonb, now() - interval '5 minutes')`, [
      legacy.kid,
      JSON.stringify(legacy),
    ]);
    expect((await keyRow(legacy.kid!)).jwk).toContain('"d":');

    const keys = await withFreshOrm((orm) => loadSigningKeys(orm, encryptionKey));
    expect(keys.find((k) => k.kid === legacy.kid)).toEqual(legacy);
    const row = await keyRow(legacy.kid!);
    expect(JSON.parse(row.jwk)).toEqual(toPublicJwk(legacy));
    expect(row.private_jwk_encrypted).toMatch(/^v1:/);
    await sql(s.orm.em.fork(), 'delete from oauth_signing_key where kid = ?', [legacy.kid]);
  });

  it('refuses to start with another ENCRYPTION_KEY than the keys were stored under', async () => {
    await expect(withFreshOrm((orm) => loadSigningKeys(orm, Buffer.alloc(32, 1)))).rejects.toThrow(SecretDecryptionError);
  });
});

describe('rotation', () => {
  it('signs new tokens with the new key while tokens signed before keep working at /platform/mcp', async () => {
    const before = await connect();
    const oldKid = decodeProtectedHeader(before.access_token).kid;
    const rotated = await rotateSigningKey(s.orm, encryptionKey);
    expect(rotated.kid).not.toBe(oldKid);
    expect(rotated.keys[0]).toMatchObject({ kid: rotated.kid, role: 'signing' });
    expect(rotated.keys).toContainEqual(expect.objectContaining({ kid: oldKid, role: 'verifying' }));

    // Not presented before the rotation, so nothing cached it: it verifies with the old, now verifying-only, key.
    expect(await mcpStatus(before.access_token)).toBe(200);

    const refreshed = await refreshTokens(s.baseUrl, before.clientId, before.refresh_token);
    expect(refreshed.status).toBe(200);
    expect(decodeProtectedHeader(refreshed.body.access_token as string).kid).toBe(rotated.kid);
    expect(await mcpStatus(refreshed.body.access_token as string)).toBe(200);
    const after = await connect();
    expect(decodeProtectedHeader(after.access_token).kid).toBe(rotated.kid);

    // Both are published, the signing key first.
    const { keys } = (await (await fetch(`${s.baseUrl}/platform/oauth/jwks`)).json()) as { keys: JWK[] };
    expect(keys[0].kid).toBe(rotated.kid);
    expect(keys.map((k) => k.kid)).toContain(oldKid);
  });

  it('drops a superseded key once its successor is older than the longest token lifetime plus a margin', async () => {
    const template = (await connect()).access_token;
    // Two keys older than every real one: A was superseded by B long ago (A retires); B by the current key just now.
    const [a, b] = [await rsaJwk(), await rsaJwk()];
    for (const [jwk, age] of [
      [a, RETIRED_KEY_GRACE_SECONDS + 7200],
      [b, RETIRED_KEY_GRACE_SECONDS + 60],
    ] as const) {
      await sql(
        s.orm.em.fork(),
        `insert into oauth_signing_key (kid, jwk, private_jwk_encrypted, created_at) values (?, ?::jsonb, ?, now() - make_interval(secs => ?::int))`,
        [jwk.kid, JSON.stringify(toPublicJwk(jwk)), encryptSecret(encryptionKey, JSON.stringify(jwk), `oauth_signing_key:${jwk.kid}`), age],
      );
    }
    const kids = (await withFreshOrm((orm) => loadSigningKeys(orm, encryptionKey))).map((k) => k.kid);
    expect(kids).toContain(b.kid);
    expect(kids).not.toContain(a.kid);
    expect(await keyRow(a.kid!)).toBeUndefined();

    // The server re-reads its keys (a rotation in this process drops its caches at once).
    await rotateSigningKey(s.orm, encryptionKey);
    expect(await mcpStatus(await signLike(template, b))).toBe(200);
    expect(await mcpStatus(await signLike(template, a))).toBe(401);
    await sql(s.orm.em.fork(), 'delete from oauth_signing_key where kid = ?', [b.kid]);
  });

  it('is a CLI command: `oauth rotate-key` adds the new signing key', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vp-cli-'));
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'oauth', 'rotate-key'], {
        env: {
          ...process.env,
          NODE_OPTIONS: '',
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          DATABASE_URL: process.env.TEST_DATABASE_URL,
          ENCRYPTION_KEY: encryptionKey.toString('base64'),
        },
      });
      const out = JSON.parse(stdout) as { kid: string; keys: { kid: string; role: string }[] };
      expect(out.keys[0]).toMatchObject({ kid: out.kid, role: 'signing' });
      const [newest] = await withFreshOrm((orm) => loadSigningKeys(orm, encryptionKey));
      expect(newest.kid).toBe(out.kid);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
