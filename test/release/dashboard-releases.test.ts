import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { Browser, createTestUser, hiddenField } from '../support/oauth-flow.js';
import { makeAgent } from '../support/engine.js';
import { newId } from '../../src/modules/ids.js';
import { Release } from '../../src/modules/releases/releases.entity.js';
import { plannedSteps } from '../../src/modules/releases/release-access.js';
import { GuardThresholds } from '../../src/modules/releases/releases.schemas.js';
import { PAGE_CSP } from '../../src/oauth/pages.js';

/** The dashboard's Releases page: behind the dashboard session, escaped, framing refused, refreshing itself. */
let s: TestServer;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  s = await startTestServer();
  a = await createTenant(s);
  b = await createTenant(s);
});
afterAll(async () => s.close());

async function signIn(user: { email: string; password: string }): Promise<Browser> {
  const browser = new Browser();
  const form = await browser.fetch(`${s.baseUrl}/dashboard/sign-in?return_to=/dashboard/releases`);
  const res = await browser.postForm(`${s.baseUrl}/dashboard/sign-in?return_to=/dashboard/releases`, {
    csrf: hiddenField(await form.text(), 'csrf'),
    email: user.email,
    password: user.password,
  });
  expect([res.status, res.headers.get('location')]).toEqual([303, '/dashboard/releases']);
  return browser;
}

async function insertRelease(tenant: { organizationId: string }, agentName: string) {
  const agent = await makeAgent(s, tenant, { name: agentName });
  const em = s.orm.em.fork();
  const steps = plannedSteps({ requireApproval: false, stages: [10, 100] }).map((step, i) =>
    i === 0
      ? {
          ...step,
          status: 'failed' as const,
          started_at: '2026-11-22T10:00:00.000Z',
          finished_at: '2026-11-22T10:00:05.000Z',
          error: '1 of 1 required tests did not pass <b>',
        }
      : step,
  );
  const release = em.create(Release, {
    id: newId('release'),
    organization: tenant.organizationId,
    project: agent.project_id,
    agent: agent.agent_id,
    branchId: agent.main_branch_id,
    status: 'failed',
    reason: 'tests failed',
    steps,
    rollout: { stages: [10, 100], soak_seconds: 60 },
    guard: GuardThresholds.parse({}),
    requireApproval: false,
    approvalTimeoutSeconds: 60,
    startedBy: { type: 'user', id: 'usr_x', name: 'ana@example.test' },
    finishedAt: new Date(),
  });
  await em.flush();
  return release.id;
}

describe('GET /dashboard/releases', () => {
  it("sends a signed-out browser to sign in, then shows the user's organizations' releases with their steps", async () => {
    const mine = await insertRelease(a, 'Front <desk>');
    const theirs = await insertRelease(b, 'Other org agent');
    const out = await new Browser().fetch(`${s.baseUrl}/dashboard/releases`);
    expect([out.status, out.headers.get('location')]).toEqual([303, '/dashboard/sign-in?return_to=%2Fdashboard%2Freleases']);

    const user = await createTestUser(s.orm.em.fork(), a.organizationId, 'viewer');
    const browser = await signIn(user);
    const res = await browser.fetch(`${s.baseUrl}/dashboard/releases`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('<meta http-equiv="refresh" content="5">');
    expect(html).toContain(`data-release-id="${mine}"`);
    expect(html).not.toContain(theirs);
    expect(html).toContain('Front &lt;desk&gt;');
    expect(html).not.toContain('Front <desk>');
    expect(html).toContain('required tests did not pass &lt;b&gt;');
    for (const step of ['tests', 'preview', 'merge', 'publish', 'rollout_10', 'rollout_100']) expect(html).toContain(`data-step="${step}"`);
    expect(html).toContain('data-status="failed"');
    expect(html).toContain('<time datetime="2026-11-22T10:00:00.000Z">2026-11-22 10:00:00</time>');
    expect(html).toContain('id="nav-releases"');
  });

  it('shows an empty page to a member of an organization without releases', async () => {
    const lonely = await createTenant(s);
    const user = await createTestUser(s.orm.em.fork(), lonely.organizationId);
    const html = await (await (await signIn(user)).fetch(`${s.baseUrl}/dashboard/releases`)).text();
    expect(html).toContain('id="no-releases"');
  });
});
