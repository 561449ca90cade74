import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { systemPrincipal, type Principal } from '../../src/modules/org/permissions.js';
import { createAgent } from '../../src/modules/agents/create-agent.js';
import { getAgent } from '../../src/modules/agents/get-agent.js';
import { createAgentBranch } from '../../src/modules/agents/create-agent-branch.js';
import { mergeAgentBranch } from '../../src/modules/agents/merge-agent-branch.js';
import { publishAgent } from '../../src/modules/agents/publish-agent.js';
import { Agent, AgentPublication, AgentVersion } from '../../src/modules/agents/agents.entity.js';
import { AuditEvent } from '../../src/modules/audit/audit.entity.js';

let t: TestApp;
let a: TestTenant;
let b: TestTenant;
let system: Principal;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  b = await createTenant(t);
  system = systemPrincipal(a.organizationId, 'mcp');
});
afterAll(async () => t.close());

const PROMPT = ['Greet the caller.', 'Ask for the order number.', 'Be brief.', 'Confirm the address.', 'Say goodbye.'].join('\n');

async function setup(prompt = PROMPT) {
  const agent = await createAgent(t.orm.em.fork(), system, createAgent.input.parse({ name: 'Merging', prompt, first_message: 'Hello' }));
  const branch = await createAgentBranch(t.orm.em.fork(), system, createAgentBranch.input.parse({ agentId: agent.agent_id, branch: { name: 'change' } }));
  return { agent, branch };
}
const base = (agentId: string) => `/v1/agent/${agentId}`;
/** Replaces one whole line of a branch's prompt through the REST patch route. */
async function editLine(agentId: string, branchId: string | undefined, from: string, to: string) {
  const current = await getAgent(t.orm.em.fork(), system, agentId, { branchId });
  const res = await t.request
    .post(`${base(agentId)}/prompt/patch`)
    .set(a.headers)
    .send({ ...(branchId ? { branchId } : {}), expectedHash: current.prompt_hash, edits: [{ anchor: from, op: 'replace', text: to }] });
  expect(res.status).toBe(200);
  return res.body;
}
const preview = (agentId: string, branchId: string) => t.request.post(`${base(agentId)}/branch/${branchId}/merge/preview`).set(a.headers);
const merge = (agentId: string, branchId: string) => t.request.post(`${base(agentId)}/branch/${branchId}/merge`).set(a.headers);

describe('branches', () => {
  it('creates a working copy of main, refuses a duplicate name (409) and lists main first', async () => {
    const { agent, branch } = await setup();
    expect(branch).toMatchObject({
      branch_id: expect.stringMatching(/^brn_/),
      name: 'change',
      is_main: false,
      state: 'open',
      head_version_id: agent.version_id,
      base_version_id: agent.version_id,
      etag: agent.etag,
      prompt_hash: agent.prompt_hash,
    });
    const dup = await t.request
      .post(`${base(agent.agent_id)}/branch/create`)
      .set(a.headers)
      .send({ branch: { name: 'change' } });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0].field).toBe('body.branch.name');
    const main = await t.request
      .post(`${base(agent.agent_id)}/branch/create`)
      .set(a.headers)
      .send({ branch: { name: 'main' } });
    expect(main.status).toBe(409);
    const made = await t.request
      .post(`${base(agent.agent_id)}/branch/create`)
      .set(a.headers)
      .send({ branch: { name: 'second/try' } });
    expect(made.status).toBe(201);
    const list = await t.request.get(`${base(agent.agent_id)}/branch/list`).set(a.headers);
    expect(list.body.branches.map((x: { name: string }) => x.name)).toEqual(['main', 'change', 'second/try']);
    const bad = await t.request
      .post(`${base(agent.agent_id)}/branch/create`)
      .set(a.headers)
      .send({ branch: { name: ' bad name!' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('body.branch.name');
  });
});

describe('merge preview and merge', () => {
  it('previews a merge onto an unmoved main, then merges it as a two-parent version (not reported as a fast-forward) and marks the branch merged', async () => {
    const { agent, branch } = await setup();
    const edited = await editLine(agent.agent_id, branch.branch_id, 'Be brief.', 'Be brief and kind.');
    const p = await preview(agent.agent_id, branch.branch_id);
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({
      fast_forward: false,
      main_unchanged: true,
      clean: true,
      conflicts: [],
      changed_fields: ['prompt'],
      base_version_id: agent.version_id,
    });
    expect(p.body.merged_config.prompt).toBe(PROMPT.replace('Be brief.', 'Be brief and kind.'));

    const m = await merge(agent.agent_id, branch.branch_id);
    expect(m.status).toBe(200);
    expect(m.body).toMatchObject({
      // Main had not moved, yet the merge is a new two-parent version (no-ff, decision 0009): it must not claim a fast-forward.
      merged: true,
      already_merged: false,
      fast_forward: false,
      main_unchanged: true,
      version: { parent_version_ids: [agent.version_id, edited.version_id] },
      branch: { state: 'merged', merged_version_id: m.body.version.version_id },
    });
    const main = await getAgent(t.orm.em.fork(), system, agent.agent_id);
    expect(main.version_id).toBe(m.body.version.version_id);
    expect(main.config.prompt).toBe(p.body.merged_config.prompt);
    // Main's prompt changed: the merge is a revision on main.
    const revs = await t.request
      .get(`${base(agent.agent_id)}/prompt/revision/list`)
      .query({ branch_id: agent.main_branch_id })
      .set(a.headers);
    expect(revs.body.revisions[0]).toMatchObject({ summary: 'merge of branch change', version_id: m.body.version.version_id });

    // Idempotent: the same branch head merged again returns that merge.
    const again = await merge(agent.agent_id, branch.branch_id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ already_merged: true, fast_forward: false, main_unchanged: true, version: { version_id: m.body.version.version_id } });
    expect(await t.orm.em.fork().count(AgentVersion, { agent: agent.agent_id })).toBe(3);
    // A merged branch takes no more changes.
    const late = await t.request
      .post(`${base(agent.agent_id)}/prompt/patch`)
      .set(a.headers)
      .send({ branchId: branch.branch_id, expectedHash: edited.prompt_hash, edits: [{ anchor: 'Be', op: 'replace', text: 'be', occurrence: 1 }] });
    expect(late.status).toBe(409);
    expect(await t.orm.em.fork().count(AuditEvent, { targetId: agent.agent_id, action: 'agent.merge' })).toBe(1);
  });

  it('merges non-conflicting edits of both sides line by line', async () => {
    const { agent, branch } = await setup();
    await editLine(agent.agent_id, undefined, 'Greet the caller.', 'Greet the caller by name.');
    const theirs = await editLine(agent.agent_id, branch.branch_id, 'Confirm the address.', 'Confirm the delivery address.');
    const p = await preview(agent.agent_id, branch.branch_id);
    expect(p.body).toMatchObject({ fast_forward: false, main_unchanged: false, clean: true, conflicts: [], changed_fields: ['prompt'] });
    const expected = ['Greet the caller by name.', 'Ask for the order number.', 'Be brief.', 'Confirm the delivery address.', 'Say goodbye.'].join('\n');
    expect(p.body.merged_config.prompt).toBe(expected);
    const mainHead = (await getAgent(t.orm.em.fork(), system, agent.agent_id)).version_id;
    const m = await merge(agent.agent_id, branch.branch_id);
    expect(m.status).toBe(200);
    expect(m.body).toMatchObject({ fast_forward: false, main_unchanged: false });
    expect(m.body.version.parent_version_ids).toEqual([mainHead, theirs.version_id]);
    expect((await getAgent(t.orm.em.fork(), system, agent.agent_id)).config.prompt).toBe(expected);
  });

  it('lists both sides editing the same prompt line as a conflict; merge refuses it (409)', async () => {
    const { agent, branch } = await setup();
    await editLine(agent.agent_id, undefined, 'Ask for the order number.', 'Ask for the order id.');
    await editLine(agent.agent_id, branch.branch_id, 'Ask for the order number.', 'Ask for the invoice number.');
    const p = await preview(agent.agent_id, branch.branch_id);
    expect(p.body.clean).toBe(false);
    expect(p.body.conflicts).toEqual([
      { field: 'prompt', line: 2, base: 'Ask for the order number.', ours: 'Ask for the order id.', theirs: 'Ask for the invoice number.' },
    ]);
    expect(p.body.merged_config.prompt).toContain(
      '<<<<<<< main\nAsk for the order id.\n||||||| base\nAsk for the order number.\n=======\nAsk for the invoice number.\n>>>>>>> change',
    );
    const before = (await getAgent(t.orm.em.fork(), system, agent.agent_id)).version_id;
    const m = await merge(agent.agent_id, branch.branch_id);
    expect(m.status).toBe(409);
    expect(m.body).toMatchObject({ code: 'MERGE_CONFLICT', conflicts: p.body.conflicts });
    expect(m.body.detail).toContain('prompt (line 2)');
    expect((await getAgent(t.orm.em.fork(), system, agent.agent_id)).version_id).toBe(before);
  });

  it('merges other fields per field, and lists a field both sides changed differently', async () => {
    const { agent, branch } = await setup();
    const put = (body: Record<string, unknown>) => t.request.put(`/v1/agent/update/${agent.agent_id}`).set(a.headers).send(body);
    expect((await put({ first_message: 'Hi from main' })).status).toBe(200);
    expect((await put({ branch_id: branch.branch_id, language: 'de-DE', voice: { provider: 'azure', voice_id: 'de-DE-ConradNeural' } })).status).toBe(200);
    const clean = await preview(agent.agent_id, branch.branch_id);
    expect(clean.body).toMatchObject({
      clean: true,
      merged_config: { first_message: 'Hi from main', language: 'de-DE', voice: { voice_id: 'de-DE-ConradNeural' } },
    });
    expect(clean.body.changed_fields.sort()).toEqual(['language', 'voice']);

    expect((await put({ voice: { provider: 'elevenlabs', voice_id: '21m00Tcm4TlvDq8ikWAM' } })).status).toBe(200);
    const conflicted = await preview(agent.agent_id, branch.branch_id);
    expect(conflicted.body.conflicts).toEqual([
      {
        field: 'voice',
        line: null,
        base: { provider: 'platform', voice_id: 'default' },
        ours: { provider: 'elevenlabs', voice_id: '21m00Tcm4TlvDq8ikWAM' },
        theirs: { provider: 'azure', voice_id: 'de-DE-ConradNeural' },
      },
    ]);
    expect((await merge(agent.agent_id, branch.branch_id)).status).toBe(409);
    // The branch takes main's voice: no conflict left.
    expect((await put({ branch_id: branch.branch_id, voice: { provider: 'elevenlabs', voice_id: '21m00Tcm4TlvDq8ikWAM' } })).status).toBe(200);
    const m = await merge(agent.agent_id, branch.branch_id);
    expect(m.status).toBe(200);
    expect((await getAgent(t.orm.em.fork(), system, agent.agent_id)).config).toMatchObject({
      first_message: 'Hi from main',
      language: 'de-DE',
      voice: { voice_id: '21m00Tcm4TlvDq8ikWAM' },
    });
  });

  it('refuses a branch head that has not passed the required tests, naming them', async () => {
    const { agent, branch } = await setup();
    await editLine(agent.agent_id, branch.branch_id, 'Be brief.', 'Be short.');
    const em = t.orm.em.fork();
    const row = await em.findOneOrFail(Agent, { id: agent.agent_id });
    row.requiredTestIds = ['tst_greeting', 'tst_refund'];
    await em.flush();
    const m = await merge(agent.agent_id, branch.branch_id);
    expect(m.status).toBe(422);
    expect(m.body).toMatchObject({ code: 'UNPROCESSABLE', required_test_ids: ['tst_greeting', 'tst_refund'] });
    expect(m.body.detail).toContain('tst_greeting, tst_refund');
  });

  it("refuses merging main, an empty branch, another agent's branch, and other tenants", async () => {
    const { agent, branch } = await setup();
    expect((await merge(agent.agent_id, agent.main_branch_id)).status).toBe(422);
    expect((await merge(agent.agent_id, branch.branch_id)).body.code).toBe('UNPROCESSABLE');
    const other = await setup();
    // A branch of another agent exists: the refusal names the mismatch instead of "not found".
    const mismatch = await merge(agent.agent_id, other.branch.branch_id);
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.detail).toBe(
      `Branch change (${other.branch.branch_id}) belongs to agent ${other.agent.agent_id}, not to agent ${agent.agent_id}: merge it into its own agent, or name a branch of ${agent.agent_id}`,
    );
    expect(mismatch.body.errors).toEqual([{ field: 'path.branch_id', message: `is a branch of agent ${other.agent.agent_id}, not of ${agent.agent_id}` }]);
    expect((await preview(agent.agent_id, other.branch.branch_id)).status).toBe(422);
    expect((await merge(agent.agent_id, 'brn_01JNOSUCHBRANCH00000000000')).status).toBe(404);
    await expect(
      mergeAgentBranch(t.orm.em.fork(), systemPrincipal(b.organizationId), mergeAgentBranch.input.parse({ sourceBranchId: branch.branch_id })),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    // The MCP shape: sourceBranchId alone names the branch and its agent.
    await editLine(agent.agent_id, branch.branch_id, 'Be brief.', 'Be short.');
    const merged = await mergeAgentBranch(t.orm.em.fork(), system, mergeAgentBranch.input.parse({ sourceBranchId: branch.branch_id }));
    expect(merged.version.agent_id).toBe(agent.agent_id);
  });

  it('of two concurrent merges of one branch, one merges and the other returns it', async () => {
    const { agent, branch } = await setup();
    await editLine(agent.agent_id, branch.branch_id, 'Say goodbye.', 'Say bye.');
    const [one, two] = await Promise.all([
      mergeAgentBranch(t.orm.em.fork(), system, mergeAgentBranch.input.parse({ sourceBranchId: branch.branch_id })),
      mergeAgentBranch(t.orm.em.fork(), system, mergeAgentBranch.input.parse({ sourceBranchId: branch.branch_id })),
    ]);
    expect([one.already_merged, two.already_merged].sort()).toEqual([false, true]);
    expect(one.version.version_id).toBe(two.version.version_id);
    expect(await t.orm.em.fork().count(AgentVersion, { agent: agent.agent_id })).toBe(3);
  });
});

describe('publish and rollback', () => {
  it("publishes main's head, keeps the previous live version, and rolls back one publish at a time", async () => {
    const { agent } = await setup();
    const id = agent.agent_id;
    const publish = () => t.request.post(`${base(id)}/publish`).set(a.headers);
    const rollback = () => t.request.post(`${base(id)}/rollback`).set(a.headers);

    expect((await rollback()).status).toBe(409);
    const p1 = await publish();
    expect(p1.status).toBe(200);
    expect(p1.body).toMatchObject({ live_version_id: agent.version_id, previous_version_id: null, changed: true });
    expect((await publish()).body).toMatchObject({ changed: false, live_version_id: agent.version_id });
    expect((await rollback()).status).toBe(409);

    const v2 = (await editLine(id, undefined, 'Be brief.', 'Be short.')).version_id;
    expect((await publish()).body).toMatchObject({ live_version_id: v2, previous_version_id: agent.version_id });
    const v3 = (await editLine(id, undefined, 'Be short.', 'Be very short.')).version_id;
    expect((await publish()).body).toMatchObject({ live_version_id: v3, previous_version_id: v2 });
    expect((await getAgent(t.orm.em.fork(), system, id)).live_version_id).toBe(v3);

    expect((await rollback()).body).toMatchObject({ live_version_id: v2, previous_version_id: v3, changed: true });
    expect((await rollback()).body).toMatchObject({ live_version_id: agent.version_id, previous_version_id: v2 });
    expect((await rollback()).status).toBe(409);
    expect((await getAgent(t.orm.em.fork(), system, id)).live_version_id).toBe(agent.version_id);

    const history = await t.orm.em.fork().find(AgentPublication, { agent: id }, { orderBy: { id: 'asc' } });
    expect(history.map((h) => [h.kind, h.versionId, h.previousVersionId])).toEqual([
      ['publish', agent.version_id, null],
      ['publish', v2, agent.version_id],
      ['publish', v3, v2],
      ['rollback', v2, v3],
      ['rollback', agent.version_id, v2],
    ]);
    const actions = (await t.orm.em.fork().find(AuditEvent, { targetId: id, action: { $in: ['agent.publish', 'agent.rollback'] } })).map((e) => e.action);
    expect(actions.sort()).toEqual(['agent.publish', 'agent.publish', 'agent.publish', 'agent.rollback', 'agent.rollback']);
  });

  it('needs agents:publish', async () => {
    const { agent } = await setup();
    const editor = { ...system, kind: 'user' as const, id: 'usr_editor', permissions: new Set(['agents:read', 'agents:write'] as const) };
    await expect(publishAgent(t.orm.em.fork(), editor, publishAgent.input.parse({ agentId: agent.agent_id }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
