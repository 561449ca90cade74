import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { startTestWorker, uniqueTaskQueue, type TestWorker } from '../support/worker.js';
import { connectMcp, mcpPrincipal, textOf, type McpSession } from '../support/mcp.js';
import { eventually, releasable } from '../support/releases.js';
import { campaignTenant, nyNumbers, type CampaignTenant } from '../campaigns/support.js';

/**
 * The tools that let an assistant find what it was not shown (issue 13 item
 * 2) and make the release and campaign moves REST makes, through the SDK
 * client against the real database, Temporal server and worker. Arguments in
 * camelCase, as tools/list shows them.
 */
let t: TestApp;
let worker: TestWorker;
let org: CampaignTenant;
let mcp: McpSession;

beforeAll(async () => {
  t = await createTestApp({ temporal: true, env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('mcp-moves') } });
  worker = await startTestWorker(t);
  org = await campaignTenant(t, 2);
  mcp = await connectMcp(t, mcpPrincipal(org.tenant));
}, 60_000);
afterAll(async () => {
  await mcp?.close();
  await worker?.stop();
  await t?.close();
});

type Paged<K extends string, T> = { [P in K]: T[] } & { has_more: boolean; next_cursor: string | null };
const ok = async <T>(name: string, args: Record<string, unknown> = {}): Promise<T> => {
  const res = await mcp.call(name, args);
  if (res.isError) throw new Error(`${name}: ${textOf(res)}`);
  return res.structuredContent as T;
};

describe('finding things', () => {
  it('lists agents, branches, tests, triggers and runs, numbers, releases, MCP servers and knowledge, a page at a time', async () => {
    const agents = await ok<Paged<'agents', { agent_id: string }>>('list_agents');
    expect(agents.agents.map((a) => a.agent_id)).toContain(org.agent.agent_id);

    const branches = await ok<Paged<'branches', { name: string; is_main: boolean }>>('list_agent_branches', { agentId: org.agent.agent_id });
    expect(branches.branches.map((b) => [b.name, b.is_main])).toEqual([['main', true]]);

    for (const name of ['confirms', 'says goodbye']) {
      await ok('test_create', { agentId: org.agent.agent_id, name, customerTurns: ['hello'], checks: [{ type: 'reply_contains', text: 'Acme' }] });
    }
    const first = await ok<Paged<'tests', { name: string }>>('list_tests', { agentId: org.agent.agent_id, pageSize: 1 });
    expect([first.tests.map((x) => x.name), first.has_more]).toEqual([['confirms'], true]);
    const second = await ok<Paged<'tests', { name: string }>>('list_tests', { agentId: org.agent.agent_id, pageSize: 1, cursor: first.next_cursor });
    expect([second.tests.map((x) => x.name), second.has_more, second.next_cursor]).toEqual([['says goodbye'], false, null]);

    const trigger = await ok<{ trigger: { trigger_id: string } }>('agent_trigger_create', {
      agentId: org.agent.agent_id,
      eventKinds: ['call.ended'],
      url: 'https://hooks.example.com/calls',
    });
    const triggers = await ok<Paged<'triggers', { trigger_id: string }>>('list_agent_triggers', { agentId: org.agent.agent_id });
    expect(triggers.triggers.map((x) => x.trigger_id)).toEqual([trigger.trigger.trigger_id]);
    const runs = await ok<Paged<'runs', unknown>>('list_agent_trigger_runs', { triggerId: trigger.trigger.trigger_id });
    expect([runs.runs, runs.has_more]).toEqual([[], false]);

    const numbers = await ok<Paged<'phone_numbers', { number: string }>>('list_phone_numbers');
    expect(numbers.phone_numbers.map((n) => n.number).sort()).toEqual([...org.callers].sort());

    await ok('resource_create', { text: 'Opening hours are 9 to 5 on weekdays.' });
    const resources = await ok<Paged<'resources', { characters: number }>>('list_knowledge_resources');
    expect(resources.resources).toHaveLength(1);
    expect(await ok('list_mcp_servers')).toEqual({ mcp_servers: [], has_more: false, next_cursor: null });
    expect(await ok('list_releases', { agentId: org.agent.agent_id })).toEqual({ releases: [], has_more: false, next_cursor: null });

    const missing = await mcp.call('voice_clone_get', { voiceCloneId: 'vcl_missing' });
    expect([missing.isError, textOf(missing)]).toEqual([true, expect.stringContaining('(NOT_FOUND)')]);
  });
});

describe('campaign moves', () => {
  it('pause, re-pace, resume and cancel a campaign launched over MCP; impossible moves are refused saying why', async () => {
    const launched = await ok<{ campaign: { campaign_id: string } }>('outbound_campaign_launch', {
      agentId: org.agent.agent_id,
      callerNumbers: org.callers,
      numbers: nyNumbers(30, 6100),
      maxConcurrentCalls: 1,
      callsPerMinute: 30,
    });
    const campaignId = launched.campaign.campaign_id;
    const listed = await ok<Paged<'campaigns', { campaign_id: string }>>('list_campaigns');
    expect(listed.campaigns.map((c) => c.campaign_id)).toContain(campaignId);
    // Its recipients, in the order given, paged; the state filter is an argument like any other.
    const recipients = await ok<Paged<'recipients', { phone: string; state: string; calls: unknown[] }>>('list_campaign_recipients', {
      campaignId,
      pageSize: 5,
    });
    expect([recipients.recipients.map((r) => r.phone), recipients.has_more]).toEqual([nyNumbers(5, 6100), true]);
    const next = await ok<Paged<'recipients', { phone: string }>>('list_campaign_recipients', { campaignId, pageSize: 5, cursor: recipients.next_cursor });
    expect(next.recipients.map((r) => r.phone)).toEqual(nyNumbers(10, 6100).slice(5));
    const wrongState = await mcp.call('list_campaign_recipients', { campaignId, state: 'sleeping' });
    expect([wrongState.isError, textOf(wrongState)]).toEqual([true, expect.stringContaining('state')]);

    const paused = await ok<{ campaign: { status: string } }>('outbound_campaign_pause', { campaignId, reason: 'lunch' });
    expect(paused.campaign.status).toBe('paused');
    const again = await mcp.call('outbound_campaign_pause', { campaignId });
    expect([again.isError, textOf(again)]).toEqual([true, expect.stringContaining('(CONFLICT)')]);
    const paced = await ok<{ campaign: { max_concurrent_calls: number } }>('outbound_campaign_pace', { campaignId, maxConcurrentCalls: 3 });
    expect(paced.campaign.max_concurrent_calls).toBe(3);
    const nothing = await mcp.call('outbound_campaign_pace', { campaignId });
    expect([nothing.isError, textOf(nothing)]).toEqual([true, expect.stringContaining('maxConcurrentCalls')]);
    expect((await ok<{ campaign: { status: string } }>('outbound_campaign_resume', { campaignId })).campaign.status).toBe('running');
    expect((await ok<{ campaign: { status: string } }>('outbound_campaign_cancel', { campaignId, reason: 'done for today' })).campaign.status).toBe(
      'cancelled',
    );
  }, 60_000);
});

describe('release moves', () => {
  it('a release waiting for approval is paused, resumed and approved over MCP, then listed as succeeded', async () => {
    const { agent, branch } = await releasable(t, org.tenant);
    const started = await ok<{ release: { release_id: string } }>('release_start', {
      agentId: agent.agent_id,
      branchId: branch.branch_id,
      requireApproval: true,
    });
    const releaseId = started.release.release_id;
    await eventually(
      () => ok<{ release: { status: string } }>('release_get', { agentId: agent.agent_id, releaseId }),
      (r) => r.release.status === 'awaiting_approval',
      60_000,
      200,
    );

    const rollback = await mcp.call('release_rollback', { agentId: agent.agent_id, releaseId });
    expect([rollback.isError, textOf(rollback)]).toEqual([true, 'Nothing is published yet: abort the release instead (CONFLICT)']);
    expect((await ok<{ release: { paused: boolean } }>('release_pause', { agentId: agent.agent_id, releaseId, reason: 'lunch' })).release.paused).toBe(true);
    expect((await ok<{ release: { paused: boolean } }>('release_resume', { agentId: agent.agent_id, releaseId })).release.paused).toBe(false);
    await ok('release_approve', { agentId: agent.agent_id, releaseId });
    const done = await eventually(
      () => ok<{ release: { status: string } }>('release_get', { agentId: agent.agent_id, releaseId }),
      (r) => !['pending', 'running', 'awaiting_approval'].includes(r.release.status),
      60_000,
      200,
    );
    expect(done.release.status).toBe('succeeded');
    const releases = await ok<Paged<'releases', { release_id: string; status: string }>>('list_releases', { agentId: agent.agent_id });
    expect(releases.releases.map((r) => [r.release_id, r.status])).toEqual([[releaseId, 'succeeded']]);
  }, 120_000);
});
