import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { chromium, type Browser } from 'playwright-core';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { startTestServer, type TestServer } from '../support/server.js';
import { v1Routes } from '../../src/http/v1/index.js';
import { isCreate } from '../../src/http/route.js';
import { TAGS } from '../../src/http/tags.js';
import { EVENT_KINDS } from '../../src/modules/triggers/triggers.schemas.js';
import { webhookEnvelope } from '../../src/modules/triggers/webhook-events.schemas.js';
import { webhookExample } from '../../src/modules/triggers/webhook-examples.js';

/**
 * The OpenAPI document says what the service does (issue 13 item 8): `redocly lint` with the recommended rules finds
 * no error, the headers and statuses routes really use are declared, examples parse with the schemas they illustrate,
 * every tag is described, the webhooks are there, and /docs renders it all offline in a real browser.
 */
let s: TestServer;
// The served document, read as JSON: the assertions below walk it by path.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let doc: Record<string, any>;

beforeAll(async () => {
  s = await startTestServer();
  doc = (await s.request.get('/v1/openapi.json')).body;
}, 60_000);
afterAll(async () => s?.close());

type Operation = {
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, unknown> }>;
  parameters?: { name: string; in: string }[];
  security?: unknown[];
  requestBody?: { content: Record<string, unknown> };
  tags?: string[];
};
const operation = (path: string, method: string): Operation => doc.paths[path][method];

describe('the OpenAPI document', () => {
  it("has no error under redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: '/openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  it('declares the headers the service uses: Idempotency-Key, If-Match, ETag, X-Request-Id, Retry-After', () => {
    const update = operation('/v1/agent/update/{agent_id}', 'put');
    expect(update.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'If-Match', in: 'header' })]));
    expect(Object.keys(update.responses)).toEqual(expect.arrayContaining(['200', '412', '413']));
    expect(update.responses['200'].headers).toHaveProperty('ETag');
    expect(operation('/v1/agent/retrieve/{agent_id}', 'get').responses['200'].headers).toHaveProperty('ETag');
    const create = operation('/v1/agent/create', 'post');
    expect(create.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Idempotency-Key', in: 'header' })]));
    expect(create.responses['201'].headers).toHaveProperty('Idempotent-Replayed');
    expect(create.responses['409'].headers).toHaveProperty('Retry-After');
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, op] of Object.entries(methods)) {
        for (const [status, response] of Object.entries(op.responses)) {
          expect([`${method} ${path} ${status}`, response.headers]).toEqual([
            `${method} ${path} ${status}`,
            expect.objectContaining({ 'X-Request-Id': expect.anything() }),
          ]);
        }
        expect(op.responses['429'].headers).toHaveProperty('Retry-After');
      }
    }
  });

  it('lists the statuses routes answer: 413 with a body, 422 and 503 where declared, the token route without a bearer', () => {
    for (const r of v1Routes) {
      const op = operation(r.path, r.method);
      expect([r.operationId, '413' in op.responses]).toEqual([r.operationId, Boolean(r.body || r.rawBody)]);
      expect([r.operationId, '422' in op.responses]).toEqual([r.operationId, Boolean(r.answers?.[422] || isCreate(r))]);
      expect([r.operationId, '503' in op.responses]).toEqual([r.operationId, Boolean(r.answers?.[503])]);
      if (r.answers?.[503]) expect(op.responses['503'].headers).toHaveProperty('Retry-After');
    }
    expect(operation('/v1/agent/{agent_id}/release/start', 'post').responses).toHaveProperty('503');
    expect(operation('/v1/auth/token', 'post').security).toEqual([]);
    const csv = operation('/v1/contact/import', 'post').requestBody!.content;
    expect(Object.keys(csv).sort()).toEqual(['application/json', 'text/csv']);
  });

  it('describes every tag a route uses', () => {
    const described = new Map((doc.tags as { name: string; description: string }[]).map((t) => [t.name, t.description]));
    const used = new Set(v1Routes.map((r) => r.tag));
    for (const tag of used) expect([tag, described.get(tag)]).toEqual([tag, TAGS[tag]]);
    expect(described.get('Authentication')).toBeTruthy();
  });

  it('has examples that parse with the schemas they illustrate', () => {
    let checked = 0;
    for (const r of v1Routes) {
      if (r.examples?.body !== undefined) {
        expect([r.operationId, r.body!.safeParse(r.examples.body).success]).toEqual([r.operationId, true]);
        checked++;
      }
      if (r.examples?.response !== undefined) {
        expect([r.operationId, r.response.safeParse(r.examples.response).success]).toEqual([r.operationId, true]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(operation('/v1/agent/create', 'post').requestBody!.content['application/json']).toHaveProperty('example');
  });

  it('has a webhook per event kind, each with its payload schema and an example that parses with it', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...EVENT_KINDS].sort());
    for (const kind of EVENT_KINDS) {
      const body = doc.webhooks[kind].post.requestBody.content['application/json'];
      expect(body.schema.properties.data.$ref).toMatch(/^#\/components\/schemas\/\w+Data$/);
      expect(webhookEnvelope(kind).strict().safeParse(body.example).success).toBe(true);
      expect(body.example).toEqual(webhookExample(kind));
      expect(doc.webhooks[kind].post.parameters.map((p: { name: string }) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    }
  });
});

describe('/docs', () => {
  let browser: Browser | undefined;
  afterAll(async () => browser?.close());

  it('renders the reference with Redoc from this server alone: operations, webhooks, samples and search', async () => {
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const page = await browser.newPage();
    const elsewhere: string[] = [];
    const consoleErrors: string[] = [];
    page.on('request', (req) => {
      if (!req.url().startsWith(s.baseUrl) && !req.url().startsWith('blob:') && !req.url().startsWith('data:')) elsewhere.push(req.url());
    });
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    await page.goto(`${s.baseUrl}/docs`);
    // Redoc renders every operation into the page; a new one shows the page is built from the live document.
    await page.getByText('Archive an agent: out of the lists').first().waitFor({ state: 'attached', timeout: 60_000 });
    const text = await page.locator('body').innerText();
    expect(text).toContain('Exchange client credentials for an access token');
    expect(text).toContain('call.ended');
    expect(text).toContain('Request samples');
    expect(text).toContain('Response samples');
    expect(await page.locator('input[placeholder="Search..."]').count()).toBe(1);
    await page.fill('input[placeholder="Search..."]', 'unpublish');
    const hit = page.locator('[data-role="search:results"] li[role="menuitem"]').first();
    await hit.waitFor({ timeout: 30_000 });
    expect(await hit.getAttribute('data-item-id')).toBe('tag/Agents/operation/unpublishAgent');
    expect(elsewhere).toEqual([]);
    expect(consoleErrors).toEqual([]);
  }, 90_000);
});
