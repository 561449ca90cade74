import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { parseInput } from '../../src/modules/validation.js';
import { jsonTextTooDeep, MAX_JSON_DEPTH } from '../../src/modules/json-depth.js';

/** The edge's own refusals (hardening issue, items 1 and 2); the 431 is in fuzz.test.ts, on a real HTTP server. */
let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t, 'owner');
});
afterAll(async () => t.close());

const nested = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

describe('deeply nested JSON', () => {
  it('is refused with a 400 problem before anything walks it', async () => {
    for (const levels of [MAX_JSON_DEPTH + 1, 6_000, 100_000]) {
      const res = await t.request
        .post('/v1/agent/create')
        .set(tenant.headers)
        .set('Content-Type', 'application/json')
        .send('['.repeat(levels) + ']'.repeat(levels));
      expect([levels, res.status, res.type]).toEqual([levels, 400, 'application/problem+json']);
      expect(res.body.errors).toEqual([{ field: 'body', message: `must not nest arrays and objects deeper than ${MAX_JSON_DEPTH} levels` }]);
    }
  });

  it('reads the depth from the text, brackets in strings not counting', () => {
    expect(jsonTextTooDeep('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTextTooDeep('['.repeat(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTextTooDeep(JSON.stringify({ s: '['.repeat(1000), t: 'a\\"[[[' }))).toBe(false);
  });

  it('parseInput walks any depth without recursion and names where the nesting goes too deep', () => {
    const schema = z.object({ a: z.unknown() });
    expect(parseInput(schema, nested(MAX_JSON_DEPTH), 'body')).toBeDefined();
    // The recursive walk this replaced overflowed the stack (RangeError) at about 6,500 levels.
    expect(() => parseInput(schema, nested(200_000), 'body')).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    try {
      parseInput(schema, nested(MAX_JSON_DEPTH + 1), 'body');
    } catch (error) {
      const issues = (error as { details: { issues: { field: string; message: string }[] } }).details.issues;
      expect(issues).toEqual([{ field: `body.${Array(MAX_JSON_DEPTH).fill('a').join('.')}`, message: `nests deeper than ${MAX_JSON_DEPTH} levels` }]);
    }
  });

  it('still names a NUL character by its path, in keys and in values', () => {
    const schema = z.unknown();
    expect(() => parseInput(schema, { list: ['ok', 'b\u0000d'] }, 'body')).toThrow(
      expect.objectContaining({ details: { issues: [{ field: 'body.list.1', message: 'must not contain a NUL character' }] } }),
    );
    expect(() => parseInput(schema, { ok: { ['k\u0000']: 1 } }, 'body')).toThrow(
      expect.objectContaining({ details: { issues: [{ field: 'body.ok.k\u0000', message: 'must not contain a NUL character' }] } }),
    );
  });
});

describe('base URLs that are not URLs', () => {
  it('are a 400 naming the field on model providers and carrier connections, not a 500', async () => {
    for (const base_url of ['not a url', 'http://', '::', 'https://user:pw@example.com/v1', 'ftp://example.com/']) {
      const res = await t.request
        .post('/v1/model_provider/create')
        .set(tenant.headers)
        .send({ name: `p-${base_url.length}`, base_url, api_key: 'sk-test' });
      expect([base_url, res.status]).toEqual([base_url, 400]);
      expect(res.body.errors).toEqual([expect.objectContaining({ field: 'body.base_url' })]);
    }
  });
});
