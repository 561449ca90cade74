import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import type { TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { createEngineTestApp } from '../support/engine.js';
import { connectMcp, mcpPrincipal, textOf, type McpSession } from '../support/mcp.js';

let t: TestApp;
let a: TestTenant;
let mcp: McpSession;

beforeAll(async () => {
  t = await createEngineTestApp();
  a = await createTenant(t);
  mcp = await connectMcp(t, mcpPrincipal(a));
});
afterAll(async () => {
  await mcp.close();
  await t.close();
});

describe('numbers and voices tools', () => {
  it('lists the tools with described fields and honest hints', async () => {
    const { tools } = await mcp.client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('phone_number_search')?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(byName.get('phone_number_purchase')?.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false });
    expect(byName.get('list_voices')?.annotations).toMatchObject({ readOnlyHint: true });
    for (const name of ['phone_number_search', 'phone_number_purchase', 'list_voices']) {
      const properties = byName.get(name)?.inputSchema.properties as Record<string, { description?: string }>;
      for (const [field, schema] of Object.entries(properties)) expect([field, schema.description]).toEqual([field, expect.any(String)]);
    }
  });

  it('phone_number_search then phone_number_purchase on the simulated carrier', async () => {
    const search = await mcp.call('phone_number_search', { country: 'CA', area_code: '604', page_size: 2 });
    expect(search.isError).toBeFalsy();
    const numbers = (search.structuredContent as { numbers: { number: string }[] }).numbers;
    expect(numbers).toHaveLength(2);
    const bought = await mcp.call('phone_number_purchase', { number: numbers[0].number });
    expect(bought.isError).toBeFalsy();
    expect(bought.structuredContent).toMatchObject({ phone_number: { number: numbers[0].number, country: 'CA', provider: 'simulated' } });
    const again = await mcp.call('phone_number_purchase', { number: numbers[0].number });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toMatch(/already on the platform \(CONFLICT\)/);
  });

  it('names bad arguments, and checks the permission', async () => {
    const bad = await mcp.call('phone_number_purchase', { number: '604-555-0000' });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toContain('- number: must be a valid phone number in international format');
    const unknown = await mcp.call('phone_number_search', { country: 'US', zip: '94110' });
    expect(textOf(unknown)).toContain('- zip: is not a known parameter');

    const reader = await connectMcp(t, mcpPrincipal(a, { permissions: ['agents:read'] }));
    try {
      expect((await reader.call('phone_number_search', { country: 'US', page_size: 1 })).isError).toBeFalsy();
      const refused = await reader.call('phone_number_purchase', { number: '+16045550001' });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/numbers:manage/);
    } finally {
      await reader.close();
    }
  });

  it('list_voices filters by provider and language', async () => {
    const all = await mcp.call('list_voices', {});
    const voices = (all.structuredContent as { voices: { provider: string; voice_id: string; name: string; language: string; gender: string }[] }).voices;
    expect(new Set(voices.map((v) => v.provider))).toEqual(new Set(['openai', 'elevenlabs', 'azure', 'platform']));
    expect(voices.filter((v) => v.provider === 'platform').map((v) => v.voice_id)).toEqual(['flite-kal', 'flite-rms', 'flite-slt', 'flite-awb']);
    const azureEs = await mcp.call('list_voices', { provider: 'azure', language: 'es' });
    expect(azureEs.structuredContent).toEqual({
      voices: [{ provider: 'azure', voice_id: 'es-ES-ElviraNeural', name: 'Elvira', language: 'es-ES', gender: 'female', kind: 'stock', voice_clone_id: null }],
      has_more: false,
      next_cursor: null,
    });
  });
});
