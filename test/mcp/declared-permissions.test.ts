import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { connectMcp, mcpPrincipal, textOf } from '../support/mcp.js';
import { PERMISSIONS } from '../../src/modules/org/permissions.js';
import { v1Routes } from '../../src/http/v1/index.js';
import { START_RELEASE_NEEDS } from '../../src/modules/releases/start-release.js';

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
