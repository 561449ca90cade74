import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { clientOf, createTenant, type TestTenant } from '../support/factories.js';
import { insertCampaign } from './support.js';

/**
 * A campaign's recipients (issue 16: the console's recipients table, and the MCP tool list_campaign_recipients):
 * in launch order, each with its state and every attempt's call and session; filtered by state, paged by cursor;
 * another organization's campaign is not found; bad input is a 400 naming the field.
 */
let t: TestApp;
let a: TestTenant;
let viewer: TestTenant;
let b: TestTenant;
let campaignId: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  b = await createTenant(t);
  campaignId = await insertCampaign(t, a, 'Recipients', { done: 3, queued: 2, failed: 1 });
  viewer = await clientOf(t, a, 'viewer');
}, 60_000);
afterAll(async () => t?.close());

const list = (tenant: TestTenant, query = '', id = campaignId) => t.request.get(`/v1/outbound/campaign/${id}/recipient/list${query}`).set(tenant.headers);

describe('GET /v1/outbound/campaign/{campaign_id}/recipient/list', () => {
  it('lists the recipients in launch order, each dialled one with its call and session', async () => {
    const res = await list(a);
    expect(res.status).toBe(200);
    const rows = res.body.recipients as { position: number; state: string; attempts: number; last_outcome: string | null; calls: Record<string, unknown>[] }[];
    expect(rows.map((r) => [r.position, r.state, r.attempts, r.last_outcome, r.calls.length])).toEqual([
      [0, 'done', 1, 'completed', 1],
      [1, 'done', 1, 'no_answer', 1],
      [2, 'done', 1, 'completed', 1],
      [3, 'queued', 0, null, 0],
      [4, 'queued', 0, null, 0],
      [5, 'failed', 1, 'failed', 1],
    ]);
    expect(rows[1].calls[0]).toMatchObject({
      attempt: 1,
      status: 'no_answer',
      session_id: expect.stringMatching(/^sess_/),
      outbound_call_id: expect.stringMatching(/^ocl_/),
    });
    expect(res.body.has_more).toBe(false);
  });

  it('filters by state and pages within the filter; a cursor of another filter is refused', async () => {
    const first = await list(a, '?state=done&page_size=2');
    expect([first.body.recipients.map((r: { position: number }) => r.position), first.body.has_more]).toEqual([[0, 1], true]);
    const second = await list(a, `?state=done&page_size=2&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect([second.body.recipients.map((r: { position: number }) => r.position), second.body.has_more]).toEqual([[2], false]);
    const crossed = await list(a, `?state=queued&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect([crossed.status, crossed.body.code]).toEqual([400, 'INVALID_CURSOR']);
  });

  it('a viewer reads them; another organization gets 404; a bad state is a 400 naming the field', async () => {
    const read = await list(viewer);
    expect([read.status, read.body.recipients.length]).toEqual([200, 6]);
    const other = await list(b);
    expect([other.status, other.body.code]).toEqual([404, 'NOT_FOUND']);
    const bad = await list(a, '?state=sleeping');
    expect([bad.status, bad.body.errors?.[0]?.field]).toEqual([400, 'query.state']);
    const missing = await list(a, '', 'cmp_missing');
    expect(missing.status).toBe(404);
  });
});
