import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { systemPrincipal, type Principal } from '../../src/modules/org/permissions.js';
import { createAgent } from '../../src/modules/agents/create-agent.js';
import { getAgent } from '../../src/modules/agents/get-agent.js';
import { patchAgentPrompt } from '../../src/modules/agents/patch-agent-prompt.js';
import { createAgentBranch } from '../../src/modules/agents/create-agent-branch.js';
import { PromptRevision } from '../../src/modules/agents/agents.entity.js';
import { AuditEvent } from '../../src/modules/audit/audit.entity.js';
import { promptHash } from '../../src/modules/agents/content-hash.js';

let t: TestApp;
let a: TestTenant;
let system: Principal;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  system = systemPrincipal(a.organizationId, 'mcp');
});
afterAll(async () => t.close());

const PROMPT = [
  '# Role',
  'You are the support agent of Acme.',
  '## Rules',
  '- Be brief.',
  '- Ask for the order number.',
  '- Be brief.',
  '## Goodbye',
  'Say goodbye.',
].join('\n');

async function newAgent(prompt = PROMPT) {
  return createAgent(t.orm.em.fork(), system, createAgent.input.parse({ name: 'Patched', prompt }));
}
const patch = (agentId: string, body: Record<string, unknown>) => t.request.post(`/v1/agent/${agentId}/prompt/patch`).set(a.headers).send(body);

describe('patch_agent_prompt', () => {
  it('applies an anchored replace with the right hash: new revision, new hash, audit event', async () => {
    const agent = await newAgent();
    const res = await patch(agent.agent_id, {
      expectedHash: agent.prompt_hash,
      edits: [{ anchor: 'You are the support agent of Acme.', op: 'replace', text: 'You are the friendly support agent of Acme.' }],
    });
    expect(res.status).toBe(200);
    const expected = PROMPT.replace('the support', 'the friendly support');
    expect(res.body).toMatchObject({
      changed: true,
      prompt_hash: promptHash(expected),
      revision: { branch_id: agent.main_branch_id, parent_revision_id: expect.stringMatching(/^rev_/), prompt_hash: promptHash(expected), restored_from: null },
    });
    expect(res.body.revision.summary).toContain('replace "You are the support agent of Acme."');
    const now = await getAgent(t.orm.em.fork(), system, agent.agent_id);
    expect(now.config.prompt).toBe(expected);
    expect(now.version_id).toBe(res.body.version_id);
    expect(now.etag).toBe(res.body.etag);
    const audit = await t.orm.em.fork().find(AuditEvent, { targetId: agent.agent_id, action: 'agent.prompt_patch' });
    expect(audit).toHaveLength(1);
    expect(audit[0].data).toMatchObject({ revision_id: res.body.revision.revision_id, from_hash: agent.prompt_hash });
  });

  it('refuses a stale hash with the current hash and a diff since the revision the caller read', async () => {
    const agent = await newAgent();
    const first = await patch(agent.agent_id, {
      expectedHash: agent.prompt_hash,
      edits: [{ anchor: 'Say goodbye.', op: 'replace', text: 'Say goodbye politely.' }],
    });
    expect(first.status).toBe(200);
    const stale = await patch(agent.agent_id, { expectedHash: agent.prompt_hash, edits: [{ anchor: '# Role', op: 'insert_after', text: '\nv2' }] });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: 'HASH_MISMATCH',
      expected_hash: agent.prompt_hash,
      current_hash: first.body.prompt_hash,
      current_line_count: 8,
      diff_truncated: false,
    });
    expect(stale.body.diff).toContain('-Say goodbye.\n+Say goodbye politely.\n');
    expect(stale.body.diff).toMatch(/^--- prompt@/);

    const unknown = await patch(agent.agent_id, { expectedHash: 'f'.repeat(64), edits: [{ anchor: '# Role', op: 'replace', text: '# R' }] });
    expect(unknown.status).toBe(409);
    expect(unknown.body).toMatchObject({ code: 'HASH_MISMATCH', current_hash: first.body.prompt_hash, current_line_count: 8 });
    expect(unknown.body.diff).toBeUndefined();
  });

  it('refuses missing and ambiguous anchors naming them, and nothing is recorded', async () => {
    const agent = await newAgent();
    const missing = await patch(agent.agent_id, {
      expectedHash: agent.prompt_hash,
      edits: [
        { anchor: '# Role', op: 'replace', text: '# Part' },
        { anchor: 'Speak French.', op: 'replace', text: 'x' },
      ],
    });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ code: 'ANCHOR_NOT_FOUND', anchor: 'Speak French.', edit_index: 1, errors: [{ field: 'body.edits.1.anchor' }] });
    expect(missing.body.detail).toContain('"Speak French."');

    const ambiguous = await patch(agent.agent_id, { expectedHash: agent.prompt_hash, edits: [{ anchor: '- Be brief.', op: 'replace', text: '- Be short.' }] });
    expect(ambiguous.status).toBe(422);
    expect(ambiguous.body).toMatchObject({ code: 'ANCHOR_AMBIGUOUS', anchor: '- Be brief.', occurrences: 2 });

    const tooFar = await patch(agent.agent_id, {
      expectedHash: agent.prompt_hash,
      edits: [{ anchor: '- Be brief.', occurrence: 3, op: 'replace', text: 'x' }],
    });
    expect(tooFar.status).toBe(422);
    expect(tooFar.body).toMatchObject({ code: 'ANCHOR_NOT_FOUND', occurrences: 2, errors: [{ field: 'body.edits.0.occurrence' }] });

    expect(await t.orm.em.fork().count(PromptRevision, { agent: agent.agent_id })).toBe(1);
  });

  it('edits the given occurrence, and inserts before and after anchors, in order', async () => {
    const agent = await newAgent();
    const res = await patch(agent.agent_id, {
      expectedHash: agent.prompt_hash,
      edits: [
        { anchor: '- Be brief.', occurrence: 2, op: 'replace', text: '- Never promise refunds.' },
        { anchor: '## Rules', op: 'insert_before', text: '## Tone\nWarm.\n' },
        { anchor: 'Say goodbye.', op: 'insert_after', text: ' Then hang up.' },
        // Applied to the result of the edits before it: "Warm." exists only now.
        { anchor: 'Warm.', op: 'replace', text: 'Warm and calm.' },
      ],
    });
    expect(res.status).toBe(200);
    const { config } = await getAgent(t.orm.em.fork(), system, agent.agent_id);
    expect(config.prompt).toBe(
      [
        '# Role',
        'You are the support agent of Acme.',
        '## Tone',
        'Warm and calm.',
        '## Rules',
        '- Be brief.',
        '- Ask for the order number.',
        '- Never promise refunds.',
        '## Goodbye',
        'Say goodbye. Then hang up.',
      ].join('\n'),
    );
  });

  it('counts overlapping matches, and a no-op patch records nothing', async () => {
    const agent = await newAgent('aaa');
    const overlapping = await patch(agent.agent_id, { expectedHash: agent.prompt_hash, edits: [{ anchor: 'aa', op: 'replace', text: 'b' }] });
    expect(overlapping.body).toMatchObject({ code: 'ANCHOR_AMBIGUOUS', occurrences: 2 });
    const second = await patch(agent.agent_id, { expectedHash: agent.prompt_hash, edits: [{ anchor: 'aa', occurrence: 2, op: 'replace', text: 'b' }] });
    expect(second.status).toBe(200);
    expect((await getAgent(t.orm.em.fork(), system, agent.agent_id)).config.prompt).toBe('ab');
    const noop = await patch(agent.agent_id, { expectedHash: promptHash('ab'), edits: [{ anchor: 'ab', op: 'replace', text: 'ab' }] });
    expect(noop.body).toMatchObject({ changed: false, prompt_hash: promptHash('ab'), revision: { revision_id: second.body.revision.revision_id } });
  });

  it('of two concurrent patches on the same hash, exactly one wins and one revision is recorded', async () => {
    const agent = await newAgent();
    const before = await t.orm.em.fork().count(PromptRevision, { agent: agent.agent_id });
    const results = await Promise.allSettled([
      patchAgentPrompt(
        t.orm.em.fork(),
        system,
        patchAgentPrompt.input.parse({
          agentId: agent.agent_id,
          expectedHash: agent.prompt_hash,
          edits: [{ anchor: 'Say goodbye.', op: 'replace', text: 'Bye A.' }],
        }),
      ),
      patchAgentPrompt(
        t.orm.em.fork(),
        system,
        patchAgentPrompt.input.parse({
          agentId: agent.agent_id,
          expectedHash: agent.prompt_hash,
          edits: [{ anchor: 'Say goodbye.', op: 'replace', text: 'Bye B.' }],
        }),
      ),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].reason).toMatchObject({ code: 'HASH_MISMATCH' });
    expect(await t.orm.em.fork().count(PromptRevision, { agent: agent.agent_id })).toBe(before + 1);

    // The same race through REST.
    const now = await getAgent(t.orm.em.fork(), system, agent.agent_id);
    const rest = await Promise.all(
      ['X', 'Y'].map((text) => patch(agent.agent_id, { expectedHash: now.prompt_hash, edits: [{ anchor: '# Role', op: 'replace', text: `# Role ${text}` }] })),
    );
    expect(rest.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await t.orm.em.fork().count(PromptRevision, { agent: agent.agent_id })).toBe(before + 2);
  });

  it('patches a branch without touching main, and refuses bad bodies with 400', async () => {
    const agent = await newAgent();
    const branch = await createAgentBranch(t.orm.em.fork(), system, createAgentBranch.input.parse({ agentId: agent.agent_id, branch: { name: 'tone' } }));
    const res = await patch(agent.agent_id, {
      branchId: branch.branch_id,
      expectedHash: branch.prompt_hash,
      edits: [{ anchor: 'Say goodbye.', op: 'replace', text: 'Ciao.' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.revision.branch_id).toBe(branch.branch_id);
    // The branch's first revision continues main's history.
    expect(res.body.revision.parent_revision_id).toBe(branch.head_revision_id);
    expect((await getAgent(t.orm.em.fork(), system, agent.agent_id)).prompt_hash).toBe(agent.prompt_hash);

    const bad = await patch(agent.agent_id, { expectedHash: 'abc', edits: [{ anchor: '', op: 'delete', text: 1 }], extra: true });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(
      ['body.edits.0.anchor', 'body.edits.0.op', 'body.edits.0.text', 'body.expectedHash', 'body.extra'].sort(),
    );
    const none = await patch(agent.agent_id, { expectedHash: agent.prompt_hash, edits: [] });
    expect(none.status).toBe(400);
    const wrongBranch = await patch(agent.agent_id, {
      branchId: 'brn_nope',
      expectedHash: agent.prompt_hash,
      edits: [{ anchor: 'a', op: 'replace', text: 'b' }],
    });
    expect(wrongBranch.status).toBe(404);
  });

  it('refuses a patch whose result exceeds the prompt limit', async () => {
    const agent = await newAgent('x'.repeat(150 * 1024));
    const res = await patch(agent.agent_id, {
      expectedHash: agent.prompt_hash,
      edits: [{ anchor: 'xx', occurrence: 1, op: 'insert_after', text: 'y'.repeat(60 * 1024) }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('body.edits');
  });
});

describe('prompt revisions', () => {
  it('pages newest first, filters by branch, and restores a revision as a new one', async () => {
    const agent = await newAgent('v0');
    let hash = agent.prompt_hash;
    for (let i = 1; i <= 4; i++) {
      const res = await patch(agent.agent_id, { expectedHash: hash, edits: [{ anchor: `v${i - 1}`, op: 'replace', text: `v${i}` }] });
      expect(res.status).toBe(200);
      hash = res.body.prompt_hash;
    }
    const seen: { revision_id: string; summary: string; prompt_hash: string; parent_revision_id: string | null }[] = [];
    let cursor: string | undefined;
    do {
      const res = await t.request
        .get(`/v1/agent/${agent.agent_id}/prompt/revision/list`)
        .query({ page_size: 2, ...(cursor ? { cursor } : {}) })
        .set(a.headers);
      expect(res.status).toBe(200);
      seen.push(...res.body.revisions);
      cursor = res.body.has_more ? res.body.next_cursor : undefined;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(seen.map((r) => r.prompt_hash)).toEqual(['v4', 'v3', 'v2', 'v1', 'v0'].map(promptHash));
    // Each revision's parent is the one before it.
    for (let i = 0; i < 4; i++) expect(seen[i].parent_revision_id).toBe(seen[i + 1].revision_id);

    const v1 = seen[3];
    const restored = await t.request.post(`/v1/agent/${agent.agent_id}/prompt/revision/${v1.revision_id}/restore`).set(a.headers);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      changed: true,
      prompt_hash: promptHash('v1'),
      revision: { restored_from: v1.revision_id, parent_revision_id: seen[0].revision_id },
    });
    expect((await getAgent(t.orm.em.fork(), system, agent.agent_id)).config.prompt).toBe('v1');
    const again = await t.request.post(`/v1/agent/${agent.agent_id}/prompt/revision/${v1.revision_id}/restore`).set(a.headers);
    expect(again.body.changed).toBe(false);

    const branch = await createAgentBranch(t.orm.em.fork(), system, createAgentBranch.input.parse({ agentId: agent.agent_id, branch: { name: 'only-this' } }));
    await patch(agent.agent_id, { branchId: branch.branch_id, expectedHash: branch.prompt_hash, edits: [{ anchor: 'v1', op: 'replace', text: 'b1' }] });
    const onBranch = await t.request.get(`/v1/agent/${agent.agent_id}/prompt/revision/list`).query({ branch_id: branch.branch_id }).set(a.headers);
    expect(onBranch.body.revisions.map((r: { prompt_hash: string }) => r.prompt_hash)).toEqual([promptHash('b1')]);

    const badCursor = await t.request
      .get(`/v1/agent/${agent.agent_id}/prompt/revision/list`)
      .query({ cursor: seen.length ? Buffer.from('{}').toString('base64url') : '' })
      .set(a.headers);
    expect(badCursor.status).toBe(400);
    expect((await t.request.post(`/v1/agent/${agent.agent_id}/prompt/revision/rev_nope/restore`).set(a.headers)).status).toBe(404);
    const audit = await t.orm.em.fork().find(AuditEvent, { targetId: agent.agent_id, action: 'agent.prompt_restore' });
    expect(audit).toHaveLength(1);
  });
});
