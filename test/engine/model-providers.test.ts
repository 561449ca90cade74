import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import type { TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { createEngineTestApp } from '../support/engine.js';
import { decryptSecret, encryptSecret, SecretDecryptionError } from '../../src/modules/secrets/secret-box.js';
import { ModelProvider } from '../../src/modules/engine/engine.entity.js';
import { AuditEvent } from '../../src/modules/audit/audit.entity.js';
import { createApiClient, issueToken } from '../../src/modules/org/api-clients.js';
import { loadConfig } from '../../src/config.js';

describe('secret box (AES-256-GCM, v1 format)', () => {
  const key = randomBytes(32);

  it('round-trips, with a fresh IV each time', () => {
    const one = encryptSecret(key, 'sk-live-ä-🔑', 'org_a');
    const two = encryptSecret(key, 'sk-live-ä-🔑', 'org_a');
    expect(one).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(one).not.toBe(two);
    expect(decryptSecret(key, one, 'org_a')).toBe('sk-live-ä-🔑');
    expect(decryptSecret(key, two, 'org_a')).toBe('sk-live-ä-🔑');
  });

  it('refuses a changed ciphertext, another key, another organization, and unknown formats', () => {
    const stored = encryptSecret(key, 'secret value', 'org_a');
    const [v, iv, tag, data] = stored.split(':');
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] ^= 1;
    expect(() => decryptSecret(key, [v, iv, tag, flipped.toString('base64url')].join(':'), 'org_a')).toThrow(SecretDecryptionError);
    expect(() => decryptSecret(randomBytes(32), stored, 'org_a')).toThrow(/another ENCRYPTION_KEY/);
    expect(() => decryptSecret(key, stored, 'org_b')).toThrow(SecretDecryptionError);
    expect(() => decryptSecret(key, `v2:${iv}:${tag}:${data}`, 'org_a')).toThrow(/Unknown secret format/);
    expect(() => decryptSecret(key, 'plain text', 'org_a')).toThrow(/Unknown secret format/);
    expect(() => encryptSecret(randomBytes(16), 'x')).toThrow(/32 bytes/);
  });

  it('takes ENCRYPTION_KEY from the configuration: 32 bytes base64, required in production', () => {
    const prod = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://x/y',
      TOKEN_SECRET: 'x'.repeat(32),
      RECORDING_LINK_SECRET: 'y'.repeat(32),
      COOKIE_SECRET: 'z'.repeat(32),
      PUBLIC_URL: 'https://voice.example.com',
    };
    expect(() => loadConfig(prod)).toThrow(/ENCRYPTION_KEY: required in production/);
    const chosen = randomBytes(32);
    expect(loadConfig({ ...prod, ENCRYPTION_KEY: chosen.toString('base64') }).secrets.encryptionKey.equals(chosen)).toBe(true);
    expect(() => loadConfig({ ENCRYPTION_KEY: randomBytes(16).toString('base64') })).toThrow(/ENCRYPTION_KEY: must be 32 bytes/);
    // Development derives a stable key, so a restart can still read what it stored.
    expect(loadConfig({}).secrets.encryptionKey.equals(loadConfig({}).secrets.encryptionKey)).toBe(true);
    expect(loadConfig({}).secrets.encryptionKey).toHaveLength(32);
  });
});

describe('model providers over REST', () => {
  let t: TestApp;
  let a: TestTenant;
  const API_KEY = 'sk-proj-REST-never-returned-1234567890';

  beforeAll(async () => {
    t = await createEngineTestApp();
    a = await createTenant(t);
  });
  afterAll(async () => t.close());

  it('creates and lists providers without ever returning the key, which is stored encrypted', async () => {
    const created = await t.request
      .post('/v1/model_provider/create')
      .set(a.headers)
      .send({ name: 'openai', base_url: 'https://api.openai.example.com/v1/', api_key: API_KEY, default_model: 'gpt-4o-mini' });
    expect(created.status).toBe(201);
    expect(created.body.model_provider).toEqual({
      model_provider_id: expect.stringMatching(/^mpr_/),
      name: 'openai',
      kind: 'openai-compatible',
      base_url: 'https://api.openai.example.com/v1',
      default_model: 'gpt-4o-mini',
      has_api_key: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(created.text).not.toContain(API_KEY);

    const listed = await t.request.get('/v1/model_provider/list').set(a.headers);
    expect(listed.status).toBe(200);
    expect(listed.body.model_providers).toEqual([created.body.model_provider]);
    expect(listed.text).not.toContain(API_KEY);

    const row = await t.orm.em.fork().findOneOrFail(ModelProvider, { id: created.body.model_provider.model_provider_id });
    expect(row.apiKeyEncrypted).toMatch(/^v1:/);
    expect(row.apiKeyEncrypted).not.toContain(API_KEY);
    expect(decryptSecret(t.deps.config.secrets.encryptionKey, row.apiKeyEncrypted, a.organizationId)).toBe(API_KEY);

    const audit = await t.orm.em.fork().findOneOrFail(AuditEvent, { organization: a.organizationId, action: 'model_provider.create' });
    expect(JSON.stringify(audit.data)).not.toContain(API_KEY);

    // Another organization sees none of them.
    const b = await createTenant(t);
    expect((await t.request.get('/v1/model_provider/list').set(b.headers)).body.model_providers).toEqual([]);
  });

  it('refuses bad input, a duplicate name, private addresses and roles without org:manage', async () => {
    const body = { name: 'second', base_url: 'https://llm.example.com/v1', api_key: 'k' };
    const cases: [unknown, number, string][] = [
      [{ ...body, base_url: 'ftp://llm.example.com' }, 400, 'body.base_url'],
      [{ ...body, base_url: 'https://user:pass@llm.example.com/v1' }, 400, 'body.base_url'],
      [{ ...body, base_url: 'https://llm.example.com/v1?key=1' }, 400, 'body.base_url'],
      [{ ...body, base_url: 'http://10.0.0.5:8000/v1' }, 400, 'body.base_url'],
      [{ ...body, base_url: 'http://169.254.169.254/latest' }, 400, 'body.base_url'],
      [{ ...body, base_url: 'http://localhost:8000/v1' }, 400, 'body.base_url'],
      [{ ...body, api_key: '' }, 400, 'body.api_key'],
      [{ ...body, kind: 'anthropic' }, 400, 'body.kind'],
      [{ ...body, api_key: undefined }, 400, 'body.api_key'],
      [{ ...body, secret: 'x' }, 400, 'body.secret'],
    ];
    for (const [input, status, field] of cases) {
      const res = await t.request
        .post('/v1/model_provider/create')
        .set(a.headers)
        .send(input as object);
      expect([JSON.stringify(input), res.status]).toEqual([JSON.stringify(input), status]);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(
      (
        await t.request
          .post('/v1/model_provider/create')
          .set(a.headers)
          .send({ ...body, name: 'dup' })
      ).status,
    ).toBe(201);
    const dup = await t.request
      .post('/v1/model_provider/create')
      .set(a.headers)
      .send({ ...body, name: 'dup' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0].field).toBe('body.name');

    const member = await createApiClient(t.orm.em.fork(), { organizationId: a.organizationId, name: 'member', role: 'member' });
    const token = await issueToken(t.orm.em.fork(), t.deps.config.auth, { client_id: member.clientId, client_secret: member.clientSecret });
    const headers = { Authorization: `Bearer ${token.access_token}`, 'X-Organization-Id': a.organizationId };
    expect((await t.request.post('/v1/model_provider/create').set(headers).send(body)).status).toBe(403);
    expect((await t.request.get('/v1/model_provider/list').set(headers)).status).toBe(403);
  });
});
