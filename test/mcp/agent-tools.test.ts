import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createHash } from 'node:crypto';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { connectMcp, detailsOf, mcpPrincipal, textOf, type McpSession } from '../support/mcp.js';

/** The agent tools of the MCP server, through the official SDK client (which validates every structured result). */
let t: TestApp;
let a: TestTenant;
let mcp: McpSession;
const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const prompt = ['You are the front desk of Acme Dental.', 'Greet the caller warmly.', 'Offer appointments on weekdays.'].join('\n');

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  mcp = await connectMcp(t, mcpPrincipal(a, { projectId: a.projectId }));
});
afterAll(async () => {
  await mcp.close();
  await t.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const ok = async (name: string, args: Record<string, unknown>): Promise<Json> => {
  const result = await mcp.call(name, args);
  if (result.isError) throw new Error(`${name} failed: ${textOf(result)}`);
  return result.structuredContent as Json;
};

describe('agent tools', () => {
  it('are listed with their schemas and hints', async () => {
    const { tools } = await mcp.client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const name of [
      'create_agent',
      'update_agent',
      'patch_agent_prompt',
      'list_agent_prompt_revisions',
      'get_agent_prompt_revision',
      'create_agent_branch',
      'merge_agent_branch',
      'preview_agent_branch_merge',
      'publish_agent',
    ]) {
      expect(byName.get(name)?.outputSchema).toBeDefined();
    }
    expect(byName.get('preview_agent_branch_merge')!.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.get('create_agent')!.inputSchema.properties).toHaveProperty('prompt');
  });

  it('create, branch, patch (refused on a stale hash), preview, merge and publish', async () => {
    const { agent } = await ok('create_agent', { name: 'Front desk', prompt, model: { provider: 'simulated', name: 'sim', rules: [] } });
    expect(agent.agent_id).toMatch(/^agt_/);
    const { branch } = await ok('create_agent_branch', { agentId: agent.agent_id, branch: { name: 'friendlier' } });
    const stale = await mcp.call('patch_agent_prompt', {
      agentId: agent.agent_id,
      branchId: branch.branch_id,
      expectedHash: sha('something else'),
      edits: [{ anchor: 'warmly', op: 'replace', text: 'warmly, by name' }],
    });
    expect(stale.isError).toBe(true);
    expect(textOf(stale)).toContain('HASH_MISMATCH');
    expect(detailsOf(stale)).toMatchObject({ current_hash: sha(prompt) });
    const patched = await ok('patch_agent_prompt', {
      agentId: agent.agent_id,
      branchId: branch.branch_id,
      expectedHash: sha(prompt),
      edits: [{ anchor: 'warmly', op: 'replace', text: 'warmly, by name' }],
    });
    expect(JSON.stringify(patched)).toContain(sha(prompt.replace('warmly', 'warmly, by name')));
    const revisions = await ok('list_agent_prompt_revisions', { agentId: agent.agent_id });
    expect(revisions.revisions.length).toBe(2);
    // The newest revision shows what it changed: a unified diff from its parent.
    const detail = await ok('get_agent_prompt_revision', { agentId: agent.agent_id, revisionId: revisions.revisions[0].revision_id });
    expect(detail.prompt).toBe(prompt.replace('warmly', 'warmly, by name'));
    expect(detail.diff).toContain(`-${prompt.split('\n').find((l) => l.includes('warmly'))}`);
    expect(detail.diff).toContain(
      '+' +
        prompt
          .split('\n')
          .find((l) => l.includes('warmly'))!
          .replace('warmly', 'warmly, by name'),
    );
    const first = await ok('get_agent_prompt_revision', { agentId: agent.agent_id, revisionId: revisions.revisions[1].revision_id });
    expect([first.prompt, first.diff]).toEqual([prompt, '']);
    const unknown = await mcp.call('get_agent_prompt_revision', { agentId: agent.agent_id, revisionId: 'rev_nope' });
    expect(unknown.isError).toBe(true);
    const preview = await ok('preview_agent_branch_merge', { sourceBranchId: branch.branch_id });
    expect(preview.conflicts).toEqual([]);
    const merged = await ok('merge_agent_branch', { sourceBranchId: branch.branch_id });
    expect(JSON.stringify(merged)).toContain('ver_');
    const published = await ok('publish_agent', { agentId: agent.agent_id });
    expect(JSON.stringify(published)).toContain('ver_');
    const updated = await mcp.call('update_agent', { agentId: agent.agent_id, if_match: 'stale-etag', first_message: 'Hello!' });
    expect(updated.isError).toBe(true);
    expect(textOf(updated)).toMatch(/PRECONDITION_FAILED/);
  });

  it('refuses bad input and missing permissions as tool errors', async () => {
    const bad = await mcp.call('create_agent', { name: '', prompt: '' });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/name|prompt/);
    const unknown = await mcp.call('publish_agent', { agentId: 'agt_nope' });
    expect(unknown.isError).toBe(true);
    const viewer = await connectMcp(t, mcpPrincipal(a, { projectId: a.projectId, permissions: ['agents:read', 'calls:read'] }));
    try {
      const refused = await viewer.call('create_agent', { name: 'x', prompt: 'y' });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain('agents:write');
    } finally {
      await viewer.close();
    }
  });
});
