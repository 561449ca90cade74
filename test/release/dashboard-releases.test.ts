import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { Browser, createTestUser, hiddenField } from '../support/oauth-flow.js';
import { makeAgent } from '../support/engine.js';
import { newId } from '../../src/modules/ids.js';
import { Release } from '../../src/modules/releases/releases.entity.js';
import { plannedSteps } from '../../src/modules/releases/release-access.js';
import { GuardThresholds } from '../../src/modules/releases/releases.schemas.js';

/**
 * The dashboard's Releases: the console's page (dashboard-app/src/pages/releases.tsx) over the console's copy of
 * the /v1 routes. The old address leads there; behind the dashboard session, framing refused, other organizations'
 * releases invisible.
 */
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
  const form = await browser.fetch(`${s.baseUrl}/dashboard/sign-in?return_to=/dashboard/app/releases`);
  const res = await browser.postForm(`${s.baseUrl}/dashboard/sign-in?return_to=/dashboard/app/releases`, {
    csrf: hiddenField(await form.text(), 'csrf'),
    email: user.email,
    password: user.password,
  });
  expect([res.status, res.headers.get('location')]).toEqual([303, '/dashboard/app/releases']);
  return browser;
}

interface Listed {
  release_id: string;
  agent_id: string;
  agent_name: string;
  status: string;
  steps: { name: string; status: string; started_at: string | null; error: string | null }[];
}

/** What the console's page reads, as the signed-in person in `organizationId`: the agents, then each agent's releases. */
async function consoleReleases(browser: Browser, organizationId: string): Promise<Listed[]> {
  const get = async (path: string) => {
    const res = await browser.fetch(`${s.baseUrl}/dashboard/api${path}`, { headers: { 'x-organization-id': organizationId } });
    expect(res.status).toBe(200);
    return res.json() as Promise<{ agents?: { agent_id: string }[]; releases?: Listed[] }>;
  };
  const { agents } = await get('/v1/agent/list?page_size=100');
  const lists = await Promise.all(agents!.map((a) => get(`/v1/agent/${a.agent_id}/release/list?page_size=20`)));
  return lists.flatMap((l) => l.releases!);
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
  it("leads to the console's page, which a signed-out browser signs in for, and shows the organization's releases with their steps", async () => {
    const mine = await insertRelease(a, 'Front <desk>');
    const theirs = await insertRelease(b, 'Other org agent');
    const out = await new Browser().fetch(`${s.baseUrl}/dashboard/releases`);
    expect([out.status, out.headers.get('location')]).toEqual([303, '/dashboard/app/releases']);
    const app = await new Browser().fetch(`${s.baseUrl}/dashboard/app/releases`);
    expect([app.status, app.headers.get('location')]).toEqual([303, '/dashboard/sign-in?return_to=%2Fdashboard%2Fapp%2Freleases']);

    const user = await createTestUser(s.orm.em.fork(), a.organizationId, 'viewer');
    const browser = await signIn(user);
    const res = await browser.fetch(`${s.baseUrl}/dashboard/app/releases`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const releases = await consoleReleases(browser, a.organizationId);
    const ids = releases.map((r) => r.release_id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    const release = releases.find((r) => r.release_id === mine)!;
    expect([release.agent_name, release.status]).toEqual(['Front <desk>', 'failed']);
    expect(release.steps.map((step) => step.name)).toEqual(expect.arrayContaining(['tests', 'preview', 'merge', 'publish', 'rollout_10', 'rollout_100']));
    expect(release.steps[0]).toMatchObject({ status: 'failed', started_at: '2026-11-22T10:00:00.000Z', error: '1 of 1 required tests did not pass <b>' });
    // The server pages' navigation leads to the console's page.
    expect(await (await browser.fetch(`${s.baseUrl}/dashboard/sign-out`)).text()).toContain('<a href="/dashboard/app/releases" id="nav-releases">');
  });

  it('shows nothing to a member of an organization without releases', async () => {
    const lonely = await createTenant(s);
    const user = await createTestUser(s.orm.em.fork(), lonely.organizationId);
    expect(await consoleReleases(await signIn(user), lonely.organizationId)).toEqual([]);
  });
});
