import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import type { TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { conversationInput, createEngineTestApp, engineDeps, makeAgent } from '../support/engine.js';
import { runConversation } from '../../src/modules/engine/run-conversation.js';
import { createSimulatedModel, SIMULATED_FALLBACK_REPLY } from '../../src/modules/engine/simulated-model.js';
import { collectTools } from '../../src/modules/engine/tools.js';
import { getSession } from '../../src/modules/calls/get-session.js';
import { getToolCall } from '../../src/modules/calls/get-tool-call.js';
import { ToolCall } from '../../src/modules/calls/calls.entity.js';
import { priceLeg, sumLines } from '../../src/modules/calls/pricing.js';
import { DEFAULT_PRICE_LIST } from '../../src/modules/org/org.entity.js';
import { AgentConfig } from '../../src/modules/agents/agents.schemas.js';
import { ModelError } from '../../src/modules/engine/chat-model.js';

let t: TestApp;
let a: TestTenant;

beforeAll(async () => {
  t = await createEngineTestApp();
  a = await createTenant(t);
});
afterAll(async () => t.close());

/** A dental front desk whose simulated model covers each kind of rule. */
const deskRules = [
  { when: { regex: 'my name is (?<name>[A-Za-z]+(?: [A-Za-z]+)?)' }, say: 'Thanks, noted.', set_variable: { key: 'customer_name', group: 'name' } },
  { when: { regex: 'order (?:number )?(\\d+)' }, say: 'Let me note the order.', set_variable: { key: 'order_number', group: 1 } },
  { when: ['appointment', 'book a visit'], say: 'We have Tuesday at 10:00.' },
  { when: 'billing', say: 'I will connect you to billing.', transfer_to: 'billing' },
  { when: 'bye', say: 'Goodbye!', hangup: true },
  { when: 'secret', call_tool: { name: 'lookup_secret', arguments: { level: 3 } } },
];
const deskConfig = {
  variables: [
    { key: 'customer_name', description: 'Full name' },
    { key: 'order_number', description: 'The order number' },
  ],
  destinations: [{ name: 'billing', address: '+4930123456' }],
  model: { provider: 'simulated' as const, name: 'desk-rules', temperature: 0, rules: deskRules },
};

describe('the simulated model', () => {
  it('answers the first matching rule, whole words only, case-insensitively; silent after tool results', async () => {
    const model = createSimulatedModel([
      { when: 'bye', say: 'Goodbye', hangup: true },
      { when: { regex: 'room (\\d+)' }, set_variable: { key: 'room', group: 1 } },
      { say: 'Default reply.' },
    ]);
    const ask = (content: string) => model.complete({ system: '', tools: [], messages: [{ role: 'user', content }] });
    expect(await ask('OK BYE then')).toEqual({ text: 'Goodbye', toolCalls: [{ id: 'sim_1_0', name: 'end_call', arguments: {} }] });
    expect(await ask('a byelaw question')).toEqual({ text: 'Default reply.' });
    expect(await ask('Room 42 please')).toEqual({ toolCalls: [{ id: 'sim_1_0', name: 'record_variable', arguments: { key: 'room', value: '42' } }] });
    expect(
      await model.complete({
        system: '',
        tools: [],
        messages: [
          { role: 'user', content: 'bye' },
          { role: 'tool', tool_call_id: 'x', content: '{}' },
        ],
      }),
    ).toEqual({});
    const bare = createSimulatedModel([{ when: 'hello', say: 'Hi' }]);
    expect(await bare.complete({ system: '', tools: [], messages: [{ role: 'user', content: 'what?' }] })).toEqual({ text: SIMULATED_FALLBACK_REPLY });
  });

  it('refuses rules that do not fit the format, in the agent config and when run', async () => {
    const bad = (rules: unknown) => AgentConfig.safeParse({ prompt: 'x', model: { provider: 'simulated', name: 's', rules } });
    expect(bad([{ when: 'bye', say: 'Goodbye', hangup: true }]).success).toBe(true);
    expect(bad([{ when: 'bye' }]).success).toBe(false);
    expect(bad([{ when: { regex: '(' }, say: 'x' }]).success).toBe(false);
    expect(bad([{ when: 'x', set_variable: { key: 'k' } }]).success).toBe(false);
    expect(bad([{ when: 'x', set_variable: { key: 'k', group: 1 } }]).success).toBe(false);
    expect(bad([{ when: 'x', say: 'y', shout: true }]).success).toBe(false);
    expect(() => createSimulatedModel([{ say: 42 }])).toThrow(ModelError);
  });
});

describe('collectTools', () => {
  it('adds the default built-ins, applies listed permissions, and maps the transfer alias', () => {
    const config = AgentConfig.parse({
      prompt: 'x',
      variables: [{ key: 'k' }],
      destinations: [{ name: 'desk', address: '+4930123456' }],
      tools: [
        { name: 'transfer', kind: 'builtin', permission: 'block' },
        { name: 'crm', kind: 'http' },
      ],
    });
    expect(collectTools(config).map((x) => [x.name, x.permission])).toEqual([
      ['transfer_call', 'block'],
      ['end_call', 'allow'],
      ['record_variable', 'allow'],
    ]);
    expect(AgentConfig.safeParse({ prompt: 'x', tools: [{ name: 'teleport', kind: 'builtin' }] }).success).toBe(false);
  });
});

describe('runConversation with the simulated model', () => {
  it('replies, records variables from regex groups, and ends with customer_hangup when the turns run out', async () => {
    const agent = await makeAgent(t, a, deskConfig);
    const result = await runConversation(
      engineDeps(t),
      conversationInput(a, agent, {
        customerTurns: ['Hi, my name is Ana Garcia', 'I want an appointment', 'It is about order number 4711', 'hmm'],
      }),
    );
    expect(result).toMatchObject({ status: 'ended', endReason: 'customer_hangup', transferredTo: null, agentVersionId: agent.version_id });
    expect(result.variables).toEqual([
      { key: 'customer_name', value: 'Ana Garcia' },
      { key: 'order_number', value: '4711' },
    ]);
    expect(result.transcript.map((i) => [i.speaker, i.text])).toEqual([
      ['agent', 'Hello, Acme Dental, how can I help?'],
      ['customer', 'Hi, my name is Ana Garcia'],
      ['agent', 'Thanks, noted.'],
      ['agent', 'Calling record_variable'],
      ['customer', 'I want an appointment'],
      ['agent', 'We have Tuesday at 10:00.'],
      ['customer', 'It is about order number 4711'],
      ['agent', 'Let me note the order.'],
      ['agent', 'Calling record_variable'],
      ['customer', 'hmm'],
      ['agent', SIMULATED_FALLBACK_REPLY],
    ]);
    expect(result.toolCalls).toEqual([
      {
        name: 'record_variable',
        arguments: { key: 'customer_name', value: 'Ana Garcia' },
        result: { recorded: true, key: 'customer_name', value: 'Ana Garcia' },
        status: 'succeeded',
      },
      {
        name: 'record_variable',
        arguments: { key: 'order_number', value: '4711' },
        result: { recorded: true, key: 'order_number', value: '4711' },
        status: 'succeeded',
      },
    ]);
    // About 25 words of speech at 2.5 words a second plus pauses and turn latencies: well under a minute, over ten seconds.
    expect(result.durationSeconds).toBeGreaterThan(10);
    expect(result.durationSeconds).toBeLessThan(60);

    const em = t.orm.em.fork();
    const session = await getSession(em, a.organizationId, result.sessionId);
    expect(session).toMatchObject({
      status: 'ended',
      end_reason: 'customer_hangup',
      direction: 'inbound',
      agent: { agent_id: agent.agent_id, agent_name: agent.name, agent_version_id: agent.version_id },
      caller: { name: 'Ana Garcia', address: '+14155550123' },
      phone_number: '+14155550100',
      variables: result.variables,
      duration_seconds: result.durationSeconds,
      total_cost_micros: result.costMicros,
    });
    expect(session.legs).toHaveLength(1);
    expect(session.legs[0]).toMatchObject({ kind: 'agent', direction: 'inbound', address: '+14155550123', duration_seconds: result.durationSeconds });
    expect(session.legs[0].cost_micros).toBe(sumLines(priceLeg('agent', result.durationSeconds, DEFAULT_PRICE_LIST)));
    const items = session.legs[0].transcript.items;
    expect(items.map((i) => i.text)).toEqual(result.transcript.map((i) => i.text));
    // Offsets only move forward, and the leg lasts past the last of them.
    const offsets = items.map((i) => i.offset_ms);
    expect([...offsets].sort((x, y) => x - y)).toEqual(offsets);
    expect(offsets.at(-1)!).toBeLessThanOrEqual(result.durationSeconds * 1000);
    expect(session.summaries[0].text).toContain('collected customer_name = Ana Garcia, order_number = 4711');
    expect(new Date(session.ended_at!).getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    // The tool call rows hold the JSON request and response, addressed from the transcript.
    const withTool = items.find((i) => i.tool_call)!;
    const row = await getToolCall(em, a.organizationId, {
      session_id: result.sessionId,
      leg_id: session.legs[0].leg_id,
      tool_call_id: withTool.tool_call!.tool_call_id,
    });
    expect(JSON.parse(row.request_text)).toEqual({ key: 'customer_name', value: 'Ana Garcia' });
    expect(JSON.parse(row.response_text)).toEqual({ recorded: true, key: 'customer_name', value: 'Ana Garcia' });
    expect(await em.count(ToolCall, { session: result.sessionId })).toBe(2);
  });

  it('transfers to a destination as a new leg that carries the rest of the call', async () => {
    const agent = await makeAgent(t, a, deskConfig);
    const result = await runConversation(
      engineDeps(t),
      conversationInput(a, agent, {
        customerTurns: ['I have a billing question', 'Hello? Is this billing?', 'My invoice is wrong'],
      }),
    );
    expect(result).toMatchObject({ status: 'ended', endReason: 'transferred', transferredTo: 'billing' });
    expect(result.toolCalls).toEqual([
      expect.objectContaining({
        name: 'transfer_call',
        arguments: { destination: 'billing' },
        status: 'succeeded',
        result: { transferred: true, destination: 'billing', address: '+4930123456' },
      }),
    ]);
    const session = await getSession(t.orm.em.fork(), a.organizationId, result.sessionId);
    expect(session.legs.map((l) => [l.kind, l.direction, l.address])).toEqual([
      ['agent', 'inbound', '+14155550123'],
      ['transfer', 'outbound', '+4930123456'],
    ]);
    const [agentLeg, transferLeg] = session.legs;
    expect(transferLeg.transcript.items.map((i) => [i.speaker, i.text])).toEqual([
      ['system', 'Connected to billing (+4930123456).'],
      ['customer', 'Hello? Is this billing?'],
      ['customer', 'My invoice is wrong'],
      ['system', 'The call ended.'],
    ]);
    expect(new Date(transferLeg.started_at).getTime()).toBeGreaterThanOrEqual(new Date(agentLeg.started_at).getTime());
    // A transfer leg pays telephony and platform only; the session is the sum of its legs.
    expect(transferLeg.cost_micros).toBe(sumLines(priceLeg('transfer', transferLeg.duration_seconds, DEFAULT_PRICE_LIST)));
    expect(session.total_cost_micros).toBe(agentLeg.cost_micros + transferLeg.cost_micros);
    expect(result.costMicros).toBe(session.total_cost_micros);
    expect(result.durationSeconds).toBe(session.duration_seconds);
  });

  it('hangs up on a rule with hangup (agent_hangup) and ignores the turns after it', async () => {
    const agent = await makeAgent(t, a, deskConfig);
    const result = await runConversation(engineDeps(t), conversationInput(a, agent, { customerTurns: ['ok bye', 'wait, one more thing'] }));
    expect(result).toMatchObject({ status: 'ended', endReason: 'agent_hangup' });
    expect(result.transcript.map((i) => i.text)).toEqual(['Hello, Acme Dental, how can I help?', 'ok bye', 'Goodbye!', 'Calling end_call']);
  });

  it('hangs up when the agent says an end-call phrase, without a tool', async () => {
    const agent = await makeAgent(t, a, {
      model: { provider: 'simulated', name: 's', temperature: 0, rules: [{ when: 'thanks', say: 'You are welcome, have a nice day.' }] },
      end_call: { phrases: ['Have a nice day'], max_duration_seconds: 600 },
    });
    const result = await runConversation(engineDeps(t), conversationInput(a, agent, { customerTurns: ['thanks', 'still there?'] }));
    expect(result).toMatchObject({ endReason: 'agent_hangup', toolCalls: [] });
  });

  it('refuses blocked, unknown and ask tools in the transcript; the call goes on', async () => {
    const agent = await makeAgent(t, a, {
      ...deskConfig,
      tools: [
        { name: 'transfer_call', kind: 'builtin', permission: 'ask', config: {} },
        { name: 'end_call', kind: 'builtin', permission: 'block', config: {} },
      ],
    });
    const result = await runConversation(
      engineDeps(t),
      conversationInput(a, agent, { customerTurns: ['billing please', 'the secret', 'bye', 'my name is Bo'] }),
    );
    expect(result).toMatchObject({ status: 'ended', endReason: 'customer_hangup', transferredTo: null });
    expect(result.toolCalls.map((c) => [c.name, c.status, (c.result as { error?: string }).error])).toEqual([
      ['transfer_call', 'failed', 'confirmation_unavailable'],
      ['lookup_secret', 'failed', 'unknown_tool'],
      ['end_call', 'failed', 'unknown_tool'],
      ['record_variable', 'succeeded', undefined],
    ]);
    const system = result.transcript.filter((i) => i.speaker === 'system').map((i) => i.text);
    expect(system[0]).toMatch(/transfer_call needs the caller's confirmation.*not available here: it did not run/);
    expect(system[1]).toMatch(/lookup_secret, which is not one of its tools/);
    expect(result.variables).toEqual([{ key: 'customer_name', value: 'Bo' }]);
  });

  it('fails a tool call to an unknown variable or destination with a message the model can read', async () => {
    const agent = await makeAgent(t, a, {
      variables: [{ key: 'email', description: '' }],
      destinations: [{ name: 'sales', address: 'sip:sales@pbx.example.com' }],
      model: {
        provider: 'simulated',
        name: 's',
        temperature: 0,
        rules: [{ when: 'x', set_variable: { key: 'shoe_size', value: '44' }, transfer_to: 'support' }],
      },
    });
    const result = await runConversation(engineDeps(t), conversationInput(a, agent, { customerTurns: ['x'] }));
    expect(result.toolCalls.map((c) => [c.name, c.status, c.result])).toEqual([
      ['record_variable', 'failed', { error: 'unknown_variable', message: 'shoe_size is not a variable of this agent; use one of: email' }],
      ['transfer_call', 'failed', { error: 'unknown_destination', message: 'No destination named support; choose one of: sales' }],
    ]);
    expect(result).toMatchObject({ endReason: 'customer_hangup', variables: [], transferredTo: null });
  });

  it('ends at the maximum duration (timeout)', async () => {
    const agent = await makeAgent(t, a, {
      first_message: '',
      model: {
        provider: 'simulated',
        name: 's',
        temperature: 0,
        rules: [{ say: 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen' }],
      },
      end_call: { phrases: [], max_duration_seconds: 10 },
    });
    const result = await runConversation(engineDeps(t), conversationInput(a, agent, { customerTurns: ['a', 'b', 'c', 'd', 'e'] }));
    expect(result).toMatchObject({ status: 'ended', endReason: 'timeout' });
    expect(result.transcript.filter((i) => i.speaker === 'customer').length).toBeLessThan(5);
  });

  it('fails the call, recorded with end reason error, when the model cannot be made', async () => {
    const agent = await makeAgent(t, a, { model: { provider: 'openai-compatible', name: 'gpt-test', temperature: 0 } });
    const result = await runConversation(engineDeps(t), conversationInput(a, agent, { customerTurns: ['hello'] }));
    expect(result).toMatchObject({ status: 'failed', endReason: 'error', toolCalls: [] });
    expect(result.transcript[0].text).toMatch(/has no model provider/);
    const session = await getSession(t.orm.em.fork(), a.organizationId, result.sessionId);
    expect(session).toMatchObject({ status: 'failed', end_reason: 'error', agent: { agent_version_id: agent.version_id } });
  });

  it('keeps the given session id and start time, and refuses a version of another agent', async () => {
    const agent = await makeAgent(t, a, deskConfig);
    const other = await makeAgent(t, a, deskConfig);
    const startedAt = new Date('2026-11-01T09:00:00Z');
    const result = await runConversation(
      engineDeps(t),
      conversationInput(a, agent, { customerTurns: ['bye'], startedAt, sessionId: 'sess_01JENGINETESTFIXEDID000001' }),
    );
    expect(result.sessionId).toBe('sess_01JENGINETESTFIXEDID000001');
    const session = await getSession(t.orm.em.fork(), a.organizationId, result.sessionId);
    expect(session.started_at).toBe(startedAt.toISOString());
    await expect(runConversation(engineDeps(t), conversationInput(a, agent, { versionId: other.version_id }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const b = await createTenant(t);
    await expect(runConversation(engineDeps(t), conversationInput(b, agent))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(runConversation(engineDeps(t), conversationInput(a, agent, { caller: { address: '+1'.padEnd(80, '5') } }))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { issues: [{ field: 'caller.address', message: expect.any(String) }] },
    });
    await expect(runConversation(engineDeps(t), conversationInput(a, agent, { sessionId: "sess_x'; drop" }))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});
