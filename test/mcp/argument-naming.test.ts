import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { connectMcp, mcpPrincipal, textOf, type McpSession } from '../support/mcp.js';
import { platformTools } from '../../src/mcp/tools/index.js';
import { camel, toDomainArguments } from '../../src/mcp/camel-arguments.js';

/**
 * One naming rule for MCP tool arguments (issue 13 item 1, decision 0038):
 * every argument of every tool, at every depth, is camelCase in tools/list; a
 * call's camelCase arguments reach the domain under its own names; errors name
 * the argument as the tool takes it.
 */
let t: TestApp;
let a: TestTenant;
let mcp: McpSession;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  mcp = await connectMcp(t, mcpPrincipal(a));
});
afterAll(async () => {
  await mcp?.close();
  await t?.close();
});

type Schema = Record<string, unknown>;
/** Every argument name in a listed input schema, with its path; map keys (additionalProperties) are data, not names. */
function argumentNames(schema: unknown, path: string, out: { path: string; name: string }[]): void {
  if (Array.isArray(schema)) {
    for (const s of schema) argumentNames(s, path, out);
    return;
  }
  if (typeof schema !== 'object' || schema === null) return;
  const node = schema as Schema;
  if (node.properties && typeof node.properties === 'object') {
    for (const [name, sub] of Object.entries(node.properties as Schema)) {
      out.push({ path: path ? `${path}.${name}` : name, name });
      argumentNames(sub, path ? `${path}.${name}` : name, out);
    }
  }
  for (const key of ['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf']) argumentNames(node[key], path, out);
  for (const key of ['definitions', '$defs']) if (node[key]) argumentNames(Object.values(node[key] as Schema), path, out);
}

describe('MCP tool arguments', () => {
  it('every argument of every listed tool, at every depth, is camelCase', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.length).toBe(platformTools.length);
    const all: { tool: string; path: string; name: string }[] = [];
    for (const tool of tools) {
      const names: { path: string; name: string }[] = [];
      argumentNames(tool.inputSchema, '', names);
      all.push(...names.map((n) => ({ tool: tool.name, ...n })));
      for (const name of tool.inputSchema.required ?? [])
        expect({ tool: tool.name, required: name, listed: name in (tool.inputSchema.properties ?? {}) }).toMatchObject({ listed: true });
    }
    // Not vacuous: the tools take well over a hundred arguments, nested ones among them.
    expect(all.length).toBeGreaterThan(150);
    expect(all.some((n) => n.path.includes('.'))).toBe(true);
    expect(all.filter((n) => !/^[a-z][a-zA-Z0-9]*$/.test(n.name))).toEqual([]);
  });

  it('no two arguments of a tool become one name', () => {
    for (const tool of platformTools) {
      const domain = z.toJSONSchema(tool.inputSchema, { io: 'input', target: 'draft-7' });
      const names: { path: string; name: string }[] = [];
      argumentNames(domain, '', names);
      const byParent = new Map<string, Set<string>>();
      for (const n of names) {
        const parent = n.path.slice(0, Math.max(0, n.path.length - n.name.length - 1));
        const seen = byParent.get(parent) ?? new Set<string>();
        const before = seen.size;
        // The same property may repeat across union options; two distinct names folding into one may not.
        seen.add(`${camel(n.name)}<-${n.name}`);
        byParent.set(parent, seen);
        if (seen.size === before) continue;
        const folded = [...seen].filter((s) => s.startsWith(`${camel(n.name)}<-`));
        expect({ tool: tool.name, parent, folded: folded.length }).toEqual({ tool: tool.name, parent, folded: 1 });
      }
    }
  });

  it('the descriptions name arguments as the tool takes them, and say how result ids map to arguments', async () => {
    const { tools } = await mcp.client.listTools();
    const domain = new Map(platformTools.map((tool) => [tool.name, z.toJSONSchema(tool.inputSchema, { io: 'input', target: 'draft-7' })]));
    let rewritten = 0;
    for (const tool of tools) {
      const [own] = tool.description!.split('\n\nArguments are camelCase');
      expect({ tool: tool.name, says: tool.description?.includes('passed back as the agentId') }).toEqual({ tool: tool.name, says: true });
      const names: { path: string; name: string }[] = [];
      argumentNames(domain.get(tool.name), '', names);
      const snake = [...new Set(names.map((n) => n.name).filter((n) => n.includes('_')))];
      expect({ tool: tool.name, snake: snake.filter((n) => new RegExp(`\\b${n}\\b`).test(own)) }).toEqual({ tool: tool.name, snake: [] });
      rewritten += snake.filter((n) => own.includes(camel(n))).length;
    }
    expect(rewritten).toBeGreaterThan(20);
    const launch = tools.find((tool) => tool.name === 'outbound_campaign_launch')!;
    expect(launch.description).toContain('retry.maxAttempts');
  });

  it('a call in camelCase reaches the domain: nested arguments too, map keys untouched', async () => {
    const created = await mcp.call('create_agent', {
      name: 'Camel',
      prompt: 'You answer.',
      firstMessage: 'Hi there.',
      model: { provider: 'simulated', name: 'rules-v1', rules: [{ when: 'bye', say: 'Bye', hangup: true }] },
      endCall: { phrases: ['goodbye'], maxDurationSeconds: 300 },
    });
    expect(created.isError).toBeFalsy();
    const agent = (created.structuredContent as { agent: { agent_id: string; config: { first_message: string; end_call: { max_duration_seconds: number } } } })
      .agent;
    expect([agent.config.first_message, agent.config.end_call.max_duration_seconds]).toEqual(['Hi there.', 300]);

    const branch = await mcp.call('create_agent_branch', { agentId: agent.agent_id, branch: { name: 'camel-case' } });
    expect(branch.isError).toBeFalsy();
    const branchId = (branch.structuredContent as { branch: { branch_id: string } }).branch.branch_id;
    const updated = await mcp.call('update_agent', { agentId: agent.agent_id, branchId, firstMessage: 'Hello from the branch.' });
    expect(updated.isError).toBeFalsy();
    expect((updated.structuredContent as { agent: { config: { first_message: string } } }).agent.config.first_message).toBe('Hello from the branch.');
  });

  it('errors name the argument as the tool takes it', async () => {
    const bad = await mcp.call('create_agent', { name: 'Bad', prompt: 'x', endCall: { maxDurationSeconds: -1 } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toContain('- endCall.maxDurationSeconds:');
    expect(textOf(bad)).not.toContain('max_duration_seconds');
    const unknown = await mcp.call('list_voices', { colour: 'blue' });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain('colour');
  });

  it("keys are mapped by the schema: a map's keys are data, arrays of objects are walked", () => {
    const schema = z.toJSONSchema(
      z.object({
        variables: z.record(z.string(), z.string()),
        stages: z.array(z.object({ soak_seconds: z.number() })),
        retry: z.object({ max_attempts: z.number() }).optional(),
      }),
      { io: 'input', target: 'draft-7' },
    ) as Record<string, unknown>;
    expect(toDomainArguments({ variables: { first_name: 'Ana', lastName: 'Lee' }, stages: [{ soakSeconds: 5 }], retry: { maxAttempts: 2 } }, schema)).toEqual({
      variables: { first_name: 'Ana', lastName: 'Lee' },
      stages: [{ soak_seconds: 5 }],
      retry: { max_attempts: 2 },
    });
    // The schema's own (older, snake_case) names are taken too.
    expect(toDomainArguments({ retry: { max_attempts: 3 } }, schema)).toEqual({ retry: { max_attempts: 3 } });
  });
});
