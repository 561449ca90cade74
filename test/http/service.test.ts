import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant } from '../support/factories.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ temporal: true });
});
afterAll(async () => t.close());

describe('health', () => {
  it('/healthz answers while the process runs', async () => {
    const res = await t.request.get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it('/readyz checks the database and the real Temporal server', async () => {
    // Polled as a load balancer does: each check has 2 s, and a fully loaded CI machine once took longer than that
    // for a fresh process's first database connection. Ready within 20 s, and every failure on the way is printed.
    const until = Date.now() + 20_000;
    let res = await t.request.get('/readyz');
    while (res.status !== 200 && Date.now() < until) {
      process.stderr.write(`[readyz] not ready yet: ${JSON.stringify(res.body)}\n`);
      await new Promise((r) => setTimeout(r, 500));
      res = await t.request.get('/readyz');
    }
    expect(res.body.checks.database).toMatchObject({ status: 'ok' });
    expect(res.body.checks.temporal).toMatchObject({ status: 'ok' });
    expect(res.status).toBe(200);
  });

  it('/readyz is 503 when Temporal is unreachable', async () => {
    const noTemporal = await createTestApp();
    try {
      const res = await noTemporal.request.get('/readyz');
      expect(res.status).toBe(503);
      expect(res.body.checks).toMatchObject({ database: { status: 'ok' }, temporal: { status: 'error' } });
    } finally {
      await noTemporal.close();
    }
  });

  it('keeps a sane incoming request id and makes one otherwise', async () => {
    expect((await t.request.get('/healthz').set('X-Request-Id', 'abc-12345678')).headers['x-request-id']).toBe('abc-12345678');
    expect((await t.request.get('/healthz').set('X-Request-Id', 'bad id <script>')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('API reference', () => {
  it('serves an OpenAPI 3.1 document generated from the routes', async () => {
    const res = await t.request.get('/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/v1/auth/token',
      '/v1/call_session/get',
      '/v1/call_session/retrieve/{session_id}',
      '/v1/call_session/{session_id}/leg/{leg_id}/tool_call/{tool_call_id}/retrieve',
      '/v1/call_session/{call_session_id}/recording_url/retrieve',
      '/v1/call_session/{call_session_id}/cost_breakdown',
      '/v1/call_session/analytics/overview',
      '/v1/call_session/analytics/time_series',
      '/v1/call_session/analytics/breakdown',
      '/v1/call_session/analytics/heatmap',
      '/v1/call_session/analytics/agent_stats',
      '/v1/organization/retrieve',
      '/v1/project/create',
    ]) {
      expect(doc.paths[path]).toBeDefined();
    }
    const list = doc.paths['/v1/call_session/get'].get;
    const names = list.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['from_time', 'to_time', 'page_size', 'cursor', 'X-Organization-Id']));
    const pageSize = list.parameters.find((p: { name: string }) => p.name === 'page_size');
    expect(pageSize.schema).toMatchObject({ minimum: 1, maximum: 100, default: 20 });
    expect(list.responses['400'].content['application/problem+json']).toBeDefined();
    expect(doc.components.schemas.CallSession.properties.legs).toBeDefined();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('renders the reference page', async () => {
    const res = await t.request.get('/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('/v1/openapi.json');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('answers oversized bodies with 413', async () => {
    const tenant = await createTenant(t);
    const res = await t.request
      .post('/v1/project/create')
      .set(tenant.headers)
      .send({ name: 'x', description: 'y'.repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
