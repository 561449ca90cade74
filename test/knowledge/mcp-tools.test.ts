import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import type { TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { createEngineTestApp } from '../support/engine.js';
import { connectMcp, detailsOf, mcpPrincipal, type McpSession } from '../support/mcp.js';

/** resource_create, retrieve_context and tool_http_import_spec through the MCP server, as an assistant calls them. */
let t: TestApp;
let a: TestTenant;
let mcp: McpSession;

beforeAll(async () => {
  t = await createEngineTestApp();
  a = await createTenant(t);
  mcp = await connectMcp(t, mcpPrincipal(a, { projectId: a.projectId }));
});
afterAll(async () => {
  await mcp.close();
  await t.close();
});

describe('knowledge and HTTP tools over MCP', () => {
  it('resource_create then retrieve_context finds the passage with its source', async () => {
    const created = await mcp.call('resource_create', { name: 'FAQ', text: 'Teeth cleaning takes forty minutes.\n\nWe accept card payments only.' });
    expect(created.isError).toBeFalsy();
    const { resource } = created.structuredContent as { resource: { id: string; chunks: number } };
    const found = await mcp.call('retrieve_context', { query: 'how long does cleaning take' });
    expect((found.structuredContent as { passages: { resource_id: string; resource_name: string }[] }).passages[0]).toMatchObject({
      resource_id: resource.id,
      resource_name: 'FAQ',
    });
    const bad = await mcp.call('resource_create', { text: 'x', url: 'https://example.com/' });
    expect(bad.isError).toBe(true);
  });

  it('tool_http_import_spec imports operations and needs tools:manage', async () => {
    const spec = {
      openapi: '3.0.0',
      servers: [{ url: 'https://api.example.com/v1' }],
      paths: { '/ping': { get: { operationId: 'ping', summary: 'Ping the service' } } },
    };
    const result = await mcp.call('tool_http_import_spec', { spec, headers: { 'X-Api-Key': 'k-123' } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      tools: [{ name: 'ping', url_template: 'https://api.example.com/v1/ping', permission: 'ask', header_names: ['x-api-key'] }],
    });
    expect(JSON.stringify(result)).not.toContain('k-123');

    const reader = await connectMcp(t, mcpPrincipal(a, { projectId: a.projectId, permissions: ['agents:read'] }));
    try {
      const refused = await reader.call('tool_http_import_spec', { spec });
      expect(refused.isError).toBe(true);
      expect(detailsOf(refused)).toMatchObject({ required_permission: 'tools:manage' });
    } finally {
      await reader.close();
    }
  });
});
