import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { connectMcp, mcpPrincipal, textOf } from '../support/mcp.js';
import { PERMISSIONS } from '../../src/modules/org/permissions.js';
import { v1Routes } from '../../src/http/v1/index.js';
import { START_RELEASE_NEEDS } from '../../src/modules/releases/start-release.js';
import { platformTools } from '../../src/mcp/tools/index.js';
import { permissionsOf } from '../../src/modules/org/permissions.js';
import type { Operation } from '../../src/modules/operation.js';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** src/modules, and every TypeScript file under a folder. */
const modules = join(dirname(new URL(import.meta.url).pathname), '..', '..', 'src', 'modules');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : name.endsWith('.ts') ? [join(dir, name)] : []));

/** Surfaces whose input differs from their operation's on purpose (a REST-only body variant), each with why. */
const OWN_INPUT = new Map<string, string>([
  ['route createOutboundCall', 'REST takes the idempotency key as a header: its body is the input without idempotency_key, both parsed'],
  ['route launchCampaign', 'REST takes the idempotency key as a header: its body is the input without idempotency_key, both parsed'],
  ['route syncMcpServerTools', 'an empty POST starts a sync: the handler parses the optional body with the operation input itself'],
  ['tool tool_mcp_sync', 'the tool waits by default (the REST route does not): it takes wait and wait_seconds of its own'],
]);

/**
 * An operation that needs several permissions declares them once (starting a release changes the agent and
 * publishes it: agents:write and agents:publish), and the route, the tool and the OpenAPI document read that one
 * declaration: a role missing either is refused at the edge, naming the missing permission.
 */
let t: TestApp;
let a: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
});
afterAll(async () => t.close());

describe('an operation needing several permissions', () => {
  it('is declared once and read by the route, the tool and the document', async () => {
    expect([...START_RELEASE_NEEDS].sort()).toEqual(['agents:publish', 'agents:write']);
    const route = v1Routes.find((r) => r.operationId === 'startRelease')!;
    expect(route.permission).toBe(START_RELEASE_NEEDS);
    const doc = (await t.request.get('/v1/openapi.json')).body;
    expect(doc.paths['/v1/agent/{agent_id}/release/start'].post.description).toContain('Requires the permissions `agents:publish` and `agents:write`.');
  });

  it('every route and tool that calls one operation names it, and takes the permission and the input from it', async () => {
    // The operations of src/modules: each `export const name = operation(...)`, imported, with what it declares.
    const operations = new Map<string, Operation>();
    const unchecked: string[] = [];
    for (const file of files(modules)) {
      const text = readFileSync(file, 'utf8');
      const names = [...text.matchAll(/^export const (\w+) = operation\(/gm)].map((m) => m[1]);
      if (names.length) {
        const exported = (await import(file)) as Record<string, Operation>;
        for (const name of names) operations.set(name, exported[name]);
      }
      // An exported function that checks a permission before anything else is an operation not declared as one.
      for (const m of text.matchAll(/^export async function (\w+)\(em: Em, (?:principal|actor): Principal[^{]*\{\n\s*require(?:Permission|All)\(/gm))
        unchecked.push(m[1]);
    }
    expect(unchecked).toEqual([]);
    expect(operations.size).toBeGreaterThan(80);
    expect(operations.get('startRelease')?.needs).toBe(START_RELEASE_NEEDS);

    // What a handler calls, as its compiled text shows it (`(0, _module.name)(...)` or `name(...)`).
    const called = (handler: unknown) => [...new Set([...String(handler).matchAll(/\b(\w+)\)?\(/g)].map((m) => m[1]).filter((n) => operations.has(n)))];
    const drift: string[] = [];
    const surfaces = [
      ...v1Routes.map((r) => ({
        name: `route ${r.operationId}`,
        declared: r.permission,
        operation: r.operation,
        inputs: [r.body, r.query],
        handler: r.handler,
      })),
      ...platformTools.map((tool) => ({
        name: `tool ${tool.name}`,
        declared: tool.permission,
        operation: tool.operation,
        inputs: [tool.takes] as unknown[],
        handler: tool.handler,
      })),
    ];
    let named = 0;
    for (const surface of surfaces) {
      if (surface.operation) {
        named++;
        if (surface.declared !== surface.operation.needs) drift.push(`${surface.name} declares a permission beside its operation's`);
        // The operation's input, when it has one, is what the surface parses (REST: body or query; MCP: takes).
        const input = surface.operation.input;
        // A route that builds the operation's input from its path ids parses it itself, with the operation's schema.
        const parsesIt = /parseInput\)?\(\s*[\w.$]*\.input\b/.test(String(surface.handler));
        if (input && !surface.inputs.includes(input) && !parsesIt && !OWN_INPUT.has(surface.name)) {
          drift.push(`${surface.name} parses its own input, not its operation's`);
        }
        continue;
      }
      // A surface of several operations (or none) declares every permission they need.
      const declared = new Set(permissionsOf(surface.declared));
      for (const name of called(surface.handler)) {
        const op = operations.get(name)!;
        for (const needed of permissionsOf(op.needs)) {
          if (!declared.has(needed)) drift.push(`${surface.name} declares ${[...declared].join('+')} but calls ${name}, which needs ${needed}`);
        }
      }
    }
    expect(drift).toEqual([]);
    expect(named).toBeGreaterThan(surfaces.length / 2);
  });

  it('names fields the neutral way in src/modules: no body., query. or path. prefix, no surface prefix in a parse', () => {
    const prefixed: string[] = [];
    for (const file of files(modules)) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (/field: ['`](body|query|path)\b|, ['`](body|query|path)['`.]/.test(line))
          prefixed.push(`${file.slice(modules.length + 1)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(prefixed).toEqual([]);
  });

  it('refuses a role that may publish but not write, over MCP, naming agents:write', async () => {
    const agent = (await t.request.post('/v1/agent/create').set(a.headers).send({ name: 'Gate', prompt: 'p' })).body.agent;
    const publisher = await connectMcp(t, mcpPrincipal(a, { permissions: PERMISSIONS.filter((p) => p !== 'agents:write') }));
    try {
      const refused = await publisher.call('release_start', { agentId: agent.agent_id, branchId: agent.main_branch_id });
      expect([refused.isError, textOf(refused)]).toEqual([true, expect.stringContaining('agents:write')]);
    } finally {
      await publisher.close();
    }
  });
});
