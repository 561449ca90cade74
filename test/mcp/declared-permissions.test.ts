import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { connectMcp, mcpPrincipal, textOf } from '../support/mcp.js';
import { PERMISSIONS } from '../../src/modules/org/permissions.js';
import { v1Routes } from '../../src/http/v1/index.js';
import { START_RELEASE_NEEDS } from '../../src/modules/releases/start-release.js';
import { platformTools } from '../../src/mcp/tools/index.js';
import { permissionsOf, type Requirement } from '../../src/modules/org/permissions.js';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

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

  it('holds every route and tool to the permissions the domain operations it calls check', () => {
    // The exported operations of src/modules and the permissions each checks unconditionally (a check under an
    // `if` depends on the input, like a required test's gate, and is left to the operation).
    const modules = join(dirname(new URL(import.meta.url).pathname), '..', '..', 'src', 'modules');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : name.endsWith('.ts') ? [join(dir, name)] : []));
    const named: Record<string, Requirement> = { START_RELEASE_NEEDS };
    const checks = new Map<string, string[]>();
    for (const file of files(modules)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/^export async function (\w+)[\s\S]*?^}/gm)) {
        const needs = m[0]
          .split('\n')
          .filter((line) => !/^\s*if\s*\(/.test(line))
          .flatMap((line) => [
            ...[...line.matchAll(/requirePermission\((?:principal|actor)\b[^,]*, '([a-z_]+:[a-z_]+)'\)/g)].map((x) => x[1]),
            ...[...line.matchAll(/requireAll\((?:principal|actor)\b[^,]*, (\w+)\)/g)].flatMap((x) => permissionsOf(named[x[1]])),
          ]);
        checks.set(m[1], needs);
      }
    }
    expect(checks.get('startRelease')).toEqual(['agents:publish', 'agents:write']);
    // What a handler calls, as its compiled text shows it (`(0, _module.name)(...)` or `name(...)`).
    const called = (handler: unknown) => [...new Set([...String(handler).matchAll(/\b(\w+)\)?\(/g)].map((m) => m[1]).filter((n) => checks.has(n)))];
    const drift: string[] = [];
    const surfaces = [
      ...v1Routes.map((r) => ({ name: `route ${r.operationId}`, declared: r.permission, handler: r.handler })),
      ...platformTools.map((tool) => ({ name: `tool ${tool.name}`, declared: tool.permission, handler: tool.handler })),
    ];
    let reached = 0;
    for (const surface of surfaces) {
      const declared = new Set(permissionsOf(surface.declared));
      const operations = called(surface.handler);
      if (operations.length) reached++;
      for (const operation of operations) {
        for (const needed of checks.get(operation)!) {
          if (!declared.has(needed as never)) drift.push(`${surface.name} declares ${[...declared].join('+')} but ${operation} checks ${needed}`);
        }
      }
    }
    expect(drift).toEqual([]);
    // The check reads real handlers: most routes and tools call an operation it knows.
    expect(reached).toBeGreaterThan(surfaces.length / 2);
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
