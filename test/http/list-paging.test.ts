import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { v1Routes } from '../../src/http/v1/index.js';
import { insertCampaign } from '../campaigns/support.js';

/**
 * One paging rule for every list (issue 13 item 6): every GET route whose
 * answer holds a list takes `page_size` and `cursor` and answers `has_more`
 * and `next_cursor`, and walking a list one item a page gives what one big
 * page gives, in the same order, each item once. The routes are read from
 * the route table, so a list added later is held to it too.
 */
let t: TestApp;
let a: TestTenant;
let b: TestTenant;
const ids: Record<string, string> = {};

interface Doc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string }[];
        responses: Record<string, { content?: Record<string, { schema: { $ref?: string; properties?: Record<string, { type?: string | string[] }> } }> }>;
      }
    >
  >;
  components: { schemas: Record<string, { properties?: Record<string, { type?: string | string[] }> }> };
}
let doc: Doc;

const post = async (path: string, body: object) => {
  const res = await t.request.post(path).set(a.headers).send(body);
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'owner');
  b = await createTenant(t, 'owner');
  doc = (await t.request.get('/v1/openapi.json')).body as Doc;

  // At least two of most things, so the walk crosses pages.
  const agentBody = (name: string) => ({
    name,
    prompt: 'You answer the line.',
    model: { provider: 'simulated', name: 'rules-v1', rules: [{ when: 'bye', say: 'Bye', hangup: true }] },
  });
  ids.agent_id = (await post('/v1/agent/create', agentBody('First'))).agent.agent_id;
  await post('/v1/agent/create', agentBody('Second'));
  await post(`/v1/agent/${ids.agent_id}/branch/create`, { branch: { name: 'shorter' } });
  await post(`/v1/agent/${ids.agent_id}/branch/create`, { branch: { name: 'warmer' } });
  for (const name of ['greets', 'says goodbye']) {
    await post(`/v1/agent/${ids.agent_id}/test/create`, { name, customer_turns: ['hello'], checks: [{ type: 'reply_contains', text: 'x' }] });
  }
  for (const text of ['Opening hours are 9 to 5.', 'Returns take 30 days.']) await post('/v1/knowledge/resource/create', { text });
  const numbers: string[] = (await t.request.get('/v1/phone/number/search?country=US&area_code=415&page_size=3').set(a.headers)).body.numbers.map(
    (n: { number: string }) => n.number,
  );
  for (const number of numbers) await post('/v1/phone/number/purchase', { number });
  for (const address of numbers.slice(0, 2)) await post('/v1/destination/create', { kind: 'phone_number', address, agent_id: ids.agent_id });
  for (const name of ['trunk-a', 'trunk-b']) await post('/v1/sip_trunk/create', { name, allowed_ips: ['192.0.2.10'] });
  for (const url of ['https://hooks.example.com/a', 'https://hooks.example.com/b']) {
    ids.trigger_id = (await post('/v1/agent_trigger/create', { agent_id: ids.agent_id, event_kinds: ['call.ended'], url })).trigger.trigger_id;
  }
  for (const phone of ['+14155550901', '+14155550902']) await post('/v1/dnc/add', { phone });
  ids.campaign_id = await insertCampaign(t, a, 'Paged', { done: 2, queued: 1 });
  for (const email of ['one@example.com', 'two@example.com']) await post('/v1/organization/invitation/create', { email, role: 'viewer' });
}, 60_000);
afterAll(async () => t.close());

const lists = v1Routes.filter((r) => {
  if (r.method !== 'get') return false;
  const shape = (r.response as unknown as { shape?: Record<string, { def?: { type?: string } }> }).shape ?? {};
  return Object.values(shape).some((s) => s?.def?.type === 'array');
});
const itemsKey = (body: Record<string, unknown>) => Object.keys(body).find((k) => Array.isArray(body[k]))!;

describe('every list route pages the same way', () => {
  it('the table has the lists, and each declares page_size and cursor in, has_more and next_cursor out', () => {
    expect(lists.length).toBeGreaterThanOrEqual(28);
    for (const r of lists) {
      const op = doc.paths[r.path].get;
      const params = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      expect([r.operationId, params.includes('page_size'), params.includes('cursor')]).toEqual([r.operationId, true, true]);
      expect([r.operationId, params.includes('limit')]).toEqual([r.operationId, false]);
      let schema = op.responses['200'].content!['application/json'].schema;
      if (schema.$ref) schema = doc.components.schemas[schema.$ref.split('/').at(-1)!];
      expect([
        r.operationId,
        Object.keys(schema.properties ?? {})
          .filter((k) => k === 'has_more' || k === 'next_cursor')
          .sort(),
      ]).toEqual([r.operationId, ['has_more', 'next_cursor']]);
    }
  });

  it('walking one item a page gives the whole list once, in order; cursors are checked', async () => {
    let crossed = 0;
    for (const r of lists) {
      const path = r.path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? `missing_${name}`);
      const base = path.includes('/phone/number/search') ? `${path}?country=US&area_code=415&` : `${path}?`;
      const whole = await t.request.get(`${base}page_size=100`).set(a.headers);
      expect([r.operationId, whole.status]).toEqual([r.operationId, 200]);
      const key = itemsKey(whole.body);
      const all = whole.body[key] as unknown[];
      // A search walks the provider's first 100 matches; the rest hold every item in 100 or fewer.
      if (!path.includes('/search')) expect([r.operationId, whole.body.has_more]).toEqual([r.operationId, false]);

      const walked: unknown[] = [];
      let cursor: string | null = null;
      for (let pages = 0; pages < all.length + 1; pages++) {
        const res: { status: number; body: Record<string, unknown> & { has_more: boolean; next_cursor: string | null } } = await t.request
          .get(`${base}page_size=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
          .set(a.headers);
        expect([r.operationId, res.status]).toEqual([r.operationId, 200]);
        expect([r.operationId, (res.body[key] as unknown[]).length <= 1, res.body.has_more, res.body.next_cursor !== null]).toEqual([
          r.operationId,
          true,
          res.body.has_more,
          res.body.has_more,
        ]);
        walked.push(...(res.body[key] as unknown[]));
        cursor = res.body.next_cursor;
        if (!res.body.has_more) break;
        if (pages === 0) {
          // A cursor is refused by another list and when garbled.
          crossed++;
          const other = lists.find((o) => o !== r && !o.path.includes('{') && !o.path.includes('/search'))!;
          const foreign = await t.request.get(`${other.path}?cursor=${encodeURIComponent(cursor!)}`).set(a.headers);
          expect([r.operationId, other.operationId, foreign.status, foreign.body.code]).toEqual([r.operationId, other.operationId, 400, 'INVALID_CURSOR']);
        }
      }
      if (path.includes('/search')) expect([r.operationId, walked.slice(0, all.length)]).toEqual([r.operationId, all]);
      else expect([r.operationId, walked]).toEqual([r.operationId, all]);
      const garbled = await t.request.get(`${base}cursor=not-a-cursor`).set(a.headers);
      expect([r.operationId, garbled.status, garbled.body.code]).toEqual([r.operationId, 400, 'INVALID_CURSOR']);
      const tooBig = await t.request.get(`${base}page_size=101`).set(a.headers);
      expect([r.operationId, tooBig.status, tooBig.body.errors?.[0]?.field]).toEqual([r.operationId, 400, 'query.page_size']);
    }
    // The walk crossed pages on most lists (the rest hold fewer than two items in this organization).
    expect(crossed).toBeGreaterThanOrEqual(15);
  });

  it('another organization sees none of these items, paged or not', async () => {
    const phones = await t.request.get('/v1/phone/number/list?page_size=100').set(b.headers);
    expect([phones.status, phones.body.phone_numbers, phones.body.has_more]).toEqual([200, [], false]);
    const branches = await t.request.get(`/v1/agent/${ids.agent_id}/branch/list`).set(b.headers);
    expect(branches.status).toBe(404);
  });
});
