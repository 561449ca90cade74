import { describe, it, expect, beforeAll, afterAll, beforeEach } from '@jest/globals';
import { request } from 'undici';
import type { TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { conversationInput, createEngineTestApp, engineDeps, makeAgent } from '../support/engine.js';
import { apiError, completion, startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.js';
import { runConversation, MAX_TOOL_ROUNDS } from '../../src/modules/engine/run-conversation.js';
import { createModelProvider } from '../../src/modules/engine/create-model-provider.js';
import { closeEngineDispatchers, engineSettingsFrom } from '../../src/modules/engine/engine-settings.js';
import { createOpenAiCompatibleModel } from '../../src/modules/engine/openai-compatible-model.js';
import { ModelError } from '../../src/modules/engine/chat-model.js';
import { guardedDispatcher, isForbiddenAddress } from '../../src/modules/outbound-http.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';
import { getSession } from '../../src/modules/calls/get-session.js';
import type { AgentView } from '../../src/modules/agents/agents.schemas.js';

/**
 * The openai-compatible provider end to end: the engine's real HTTP client
 * against a local server speaking the Chat Completions format
 * (test/support/fake-openai.ts), which records what it received.
 */
let t: TestApp;
let a: TestTenant;
let fake: FakeOpenAi;
let providerId: string;
/** For the client used on its own, outside the engine. */
let loopback: ReturnType<typeof guardedDispatcher>;
const API_KEY = 'sk-test-engine-0123456789abcdef';

beforeAll(async () => {
  t = await createEngineTestApp();
  a = await createTenant(t);
  fake = await startFakeOpenAi();
  loopback = guardedDispatcher(['127.0.0.1']);
  const provider = await createModelProvider(
    t.orm.em.fork(),
    systemPrincipal(a.organizationId),
    createModelProvider.input.parse({
      name: 'fake',
      base_url: fake.baseUrl,
      api_key: API_KEY,
      default_model: 'fake-default',
    }),
    engineSettingsFrom(t.deps.config),
  );
  providerId = provider.model_provider_id;
});
afterAll(async () => {
  await fake.close();
  await loopback.close();
  await closeEngineDispatchers();
  await t.close();
});
beforeEach(() => fake.reset());

const llmAgent = (over: Record<string, unknown> = {}): Promise<AgentView> =>
  makeAgent(t, a, {
    prompt: 'You are the front desk of Acme Dental.',
    first_message: 'Hello, Acme Dental.',
    model: { provider: 'openai-compatible', name: 'gpt-test', temperature: 0.3, provider_id: providerId },
    variables: [{ key: 'customer_name', description: 'Full name' }],
    destinations: [{ name: 'billing', address: '+4930123456' }],
    tools: [{ name: 'transfer_call', kind: 'builtin', permission: 'block', config: {} }],
    ...over,
  });

describe('request shape and tool calls', () => {
  it('sends model, system prompt, history and the unblocked tools; executes tool calls and sends the results back', async () => {
    const agent = await llmAgent();
    fake.reply(
      completion({ content: 'Sure. May I have your name?' }),
      completion({
        content: 'Thank you, Ana.',
        toolCalls: [{ id: 'call_1', name: 'record_variable', arguments: { key: 'customer_name', value: 'Ana Garcia' } }],
      }),
      completion({ content: 'Anything else?' }),
    );
    const result = await runConversation(engineDeps(t), conversationInput(a, agent, { customerTurns: ['I need an appointment', 'Ana Garcia'] }));
    expect(result).toMatchObject({ status: 'ended', endReason: 'customer_hangup', variables: [{ key: 'customer_name', value: 'Ana Garcia' }] });
    expect(result.transcript.map((i) => [i.speaker, i.text])).toEqual([
      ['agent', 'Hello, Acme Dental.'],
      ['customer', 'I need an appointment'],
      ['agent', 'Sure. May I have your name?'],
      ['customer', 'Ana Garcia'],
      ['agent', 'Thank you, Ana.'],
      ['agent', 'Calling record_variable'],
      ['agent', 'Anything else?'],
    ]);

    expect(fake.requests).toHaveLength(3);
    const [first, , third] = fake.requests;
    expect(first).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(first.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(first.headers['content-type']).toBe('application/json');
    expect(first.body).toMatchObject({ model: 'gpt-test', temperature: 0.3, tool_choice: 'auto' });
    const [system, greeting, user] = first.body.messages;
    expect(system.role).toBe('system');
    expect(system.content).toContain('You are the front desk of Acme Dental.');
    expect(system.content).toContain('- customer_name: Full name');
    expect(system.content).toContain('record_variable');
    // The transfer tool is blocked: neither offered nor mentioned.
    expect(system.content).not.toContain('transfer_call');
    expect(greeting).toEqual({ role: 'assistant', content: 'Hello, Acme Dental.' });
    expect(user).toEqual({ role: 'user', content: 'I need an appointment' });
    const names = first.body.tools.map((x: { function: { name: string } }) => x.function.name);
    expect(names).toEqual(['end_call', 'record_variable']);
    expect(names).not.toContain('transfer_call');
    const recordVariable = first.body.tools.find((x: { function: { name: string } }) => x.function.name === 'record_variable');
    expect(recordVariable).toMatchObject({
      type: 'function',
      function: {
        description: expect.any(String),
        parameters: { type: 'object', properties: { key: { type: 'string' }, value: { type: 'string' } }, required: ['key', 'value'] },
      },
    });

    // After the tool ran, the model got its own call back and the result as a tool message.
    const tail = third.body.messages.slice(-2);
    expect(tail[0]).toEqual({
      role: 'assistant',
      content: 'Thank you, Ana.',
      tool_calls: [
        { id: 'call_1', type: 'function', function: { name: 'record_variable', arguments: JSON.stringify({ key: 'customer_name', value: 'Ana Garcia' }) } },
      ],
    });
    expect(tail[1]).toEqual({ role: 'tool', tool_call_id: 'call_1', content: JSON.stringify({ recorded: true, key: 'customer_name', value: 'Ana Garcia' }) });

    const session = await getSession(t.orm.em.fork(), a.organizationId, result.sessionId);
    expect(session).toMatchObject({ status: 'ended', agent: { agent_version_id: agent.version_id }, variables: result.variables });
  });

  it('answers a blocked or unknown tool and broken arguments with a failed result the model reads', async () => {
    const agent = await llmAgent();
    fake.reply(
      completion({
        toolCalls: [
          { id: 'c1', name: 'transfer_call', arguments: { destination: 'billing' } },
          { id: 'c2', name: 'record_variable', arguments: '{"key": "customer_name", "value": ' },
        ],
      }),
      completion({ content: 'Let me try that again.' }),
    );
    const result = await runConversation(engineDeps(t), conversationInput(a, agent, { customerTurns: ['billing please'] }));
    expect(result).toMatchObject({ status: 'ended', endReason: 'customer_hangup', transferredTo: null });
    expect(result.toolCalls.map((c) => [c.name, c.status, (c.result as { error: string }).error])).toEqual([
      ['transfer_call', 'failed', 'unknown_tool'],
      ['record_variable', 'failed', 'invalid_arguments'],
    ]);
    const toolMessages = fake.requests[1].body.messages.filter((m: { role: string }) => m.role === 'tool');
    expect(toolMessages.map((m: { tool_call_id: string; content: string }) => [m.tool_call_id, JSON.parse(m.content).error])).toEqual([
      ['c1', 'unknown_tool'],
      ['c2', 'invalid_arguments'],
    ]);
  });

  it('ends the call when the model calls end_call, and transfers through transfer_call when allowed', async () => {
    const agent = await llmAgent({ tools: [] });
    fake.reply(completion({ content: 'Connecting you.', toolCalls: [{ id: 't1', name: 'transfer_call', arguments: { destination: 'Billing' } }] }));
    const transferred = await runConversation(engineDeps(t), conversationInput(a, agent, { customerTurns: ['billing', 'hello?'] }));
    expect(transferred).toMatchObject({ endReason: 'transferred', transferredTo: 'billing' });
    expect(fake.requests).toHaveLength(1);

    fake.reset();
    fake.reply(completion({ content: 'Goodbye.', toolCalls: [{ id: 'e1', name: 'end_call', arguments: { reason: 'done' } }] }));
    const ended = await runConversation(engineDeps(t), conversationInput(a, agent, { customerTurns: ['that is all', 'one more'] }));
    expect(ended).toMatchObject({ status: 'ended', endReason: 'agent_hangup' });
    expect(fake.requests).toHaveLength(1);
  });

  it(`stops a model that keeps calling tools after ${MAX_TOOL_ROUNDS} rounds in one turn`, async () => {
    const agent = await llmAgent();
    let n = 0;
    for (let i = 0; i < MAX_TOOL_ROUNDS; i++) {
      fake.reply(() => completion({ toolCalls: [{ id: `loop_${++n}`, name: 'record_variable', arguments: { key: 'customer_name', value: `v${n}` } }] }));
    }
    const result = await runConversation(engineDeps(t), conversationInput(a, agent, { customerTurns: ['hi'] }));
    expect(fake.requests).toHaveLength(MAX_TOOL_ROUNDS);
    expect(result).toMatchObject({ status: 'ended', endReason: 'customer_hangup', variables: [{ key: 'customer_name', value: `v${MAX_TOOL_ROUNDS}` }] });
    expect(result.transcript.at(-1)).toEqual({ speaker: 'system', text: `The agent stopped after ${MAX_TOOL_ROUNDS} rounds of tool calls in one turn.` });
  });

  it('sends the provider\'s default model when the agent asks for "default"', async () => {
    const agent = await llmAgent({ model: { provider: 'openai-compatible', name: 'default', temperature: 0, provider_id: providerId } });
    fake.reply(completion({ content: 'Hi.' }));
    await runConversation(engineDeps(t), conversationInput(a, agent, { customerTurns: ['hello'] }));
    expect(fake.requests[0].body.model).toBe('fake-default');
  });
});

describe('provider failures', () => {
  it('retries a 429 after its Retry-After and goes on', async () => {
    const agent = await llmAgent();
    fake.reply(apiError(429, 'slow down', { 'retry-after': '1' }), completion({ content: 'Hello there.' }));
    const result = await runConversation(engineDeps(t), conversationInput(a, agent, { customerTurns: ['hi'] }));
    expect(result).toMatchObject({ status: 'ended', endReason: 'customer_hangup' });
    expect(result.transcript.map((i) => i.text)).toContain('Hello there.');
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1].at - fake.requests[0].at).toBeGreaterThanOrEqual(950);
  });

  it('fails the call on a 401 without retrying, recorded, and never shows the key', async () => {
    const agent = await llmAgent();
    fake.reply(apiError(401, 'Incorrect API key provided'));
    const result = await runConversation(engineDeps(t), conversationInput(a, agent, { customerTurns: ['hi', 'hello?'] }));
    expect(result).toMatchObject({ status: 'failed', endReason: 'error' });
    expect(fake.requests).toHaveLength(1);
    const note = result.transcript.at(-1)!;
    expect(note.speaker).toBe('system');
    expect(note.text).toMatch(/refused the API key .*401: Incorrect API key provided/);
    const session = await getSession(t.orm.em.fork(), a.organizationId, result.sessionId);
    expect(session).toMatchObject({ status: 'failed', end_reason: 'error' });
    expect(JSON.stringify(session)).not.toContain(API_KEY);
  });

  it('retries a 500 twice with backoff, then fails the call', async () => {
    const agent = await llmAgent();
    fake.reply(apiError(500, 'boom'), apiError(502, 'bad gateway'), apiError(503, 'unavailable'));
    const result = await runConversation(engineDeps(t), conversationInput(a, agent, { customerTurns: ['hi'] }));
    expect(result).toMatchObject({ status: 'failed', endReason: 'error' });
    expect(fake.requests).toHaveLength(3);
    expect(result.transcript.at(-1)!.text).toMatch(/The model failed: The model provider failed .*503: unavailable/);
  });

  it('does not wait for a Retry-After longer than a caller can', async () => {
    const model = createOpenAiCompatibleModel({
      baseUrl: fake.baseUrl,
      apiKey: 'k',
      model: 'm',
      timeoutMs: 2000,
      maxRetryDelayMs: 500,
      allowedHosts: ['127.0.0.1'],
      dispatcher: loopback,
    });
    fake.reply(apiError(429, 'later', { 'retry-after': '30' }));
    await expect(model.complete({ system: 's', messages: [{ role: 'user', content: 'x' }], tools: [] })).rejects.toMatchObject({
      kind: 'rate_limited',
      message: expect.stringMatching(/wait 30 s/),
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('times out a provider that does not answer, without retrying', async () => {
    const agent = await llmAgent();
    fake.reply({ ...completion({ content: 'too late' }), delayMs: 1500 });
    const settings = { ...engineSettingsFrom(t.deps.config), modelTimeoutMs: 300 };
    const result = await runConversation({ orm: t.orm, settings }, conversationInput(a, agent, { customerTurns: ['hi'] }));
    expect(result).toMatchObject({ status: 'failed', endReason: 'error' });
    expect(result.transcript.at(-1)!.text).toMatch(/did not answer within 300 ms/);
    expect(fake.requests).toHaveLength(1);
  });

  it('fails on answers that are not a chat completion', async () => {
    const model = createOpenAiCompatibleModel({
      baseUrl: fake.baseUrl,
      apiKey: 'k',
      model: 'm',
      timeoutMs: 2000,
      allowedHosts: ['127.0.0.1'],
      dispatcher: loopback,
    });
    fake.reply({ body: { choices: [] } }, { status: 200, body: 'not json at all' }, apiError(400, 'bad tools'));
    const ask = () => model.complete({ system: 's', messages: [{ role: 'user', content: 'x' }], tools: [] });
    await expect(ask()).rejects.toMatchObject({ kind: 'bad_response' });
    await expect(ask()).rejects.toMatchObject({ kind: 'bad_response' });
    await expect(ask()).rejects.toMatchObject({ kind: 'bad_request', details: { status: 400 } });
  });
});

describe('outbound address guard', () => {
  it('knows the private, loopback, link-local and reserved ranges', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
    ]) {
      expect([ip, isForbiddenAddress(ip)]).toEqual([ip, true]);
    }
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect([ip, isForbiddenAddress(ip)]).toEqual([ip, false]);
  });

  it('refuses a provider on loopback when it is not allowed, as a failed call', async () => {
    const agent = await llmAgent();
    fake.reply(completion({ content: 'should not be reached' }));
    const settings = { ...engineSettingsFrom(t.deps.config), allowedHosts: [] };
    const result = await runConversation({ orm: t.orm, settings }, conversationInput(a, agent, { customerTurns: ['hi'] }));
    expect(result).toMatchObject({ status: 'failed', endReason: 'error' });
    expect(result.transcript.at(-1)!.text).toMatch(/address is not allowed: 127\.0\.0\.1/);
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses a name that resolves to a private address, after DNS', async () => {
    const dispatcher = guardedDispatcher([]);
    const port = new URL(fake.baseUrl).port;
    await expect(request(`http://localhost:${port}/v1/chat/completions`, { method: 'POST', body: '{}', dispatcher })).rejects.toMatchObject({
      message: expect.stringMatching(/localhost resolves to (127\.0\.0\.1|::1), a private or reserved address/),
    });
    expect(fake.requests).toHaveLength(0);
    await dispatcher.close();
  });

  it('types every failure as a ModelError', () => {
    expect(new ModelError('rate_limited', 'x').retryable).toBe(true);
    expect(new ModelError('server_error', 'x').retryable).toBe(true);
    expect(new ModelError('unauthorized', 'x').retryable).toBe(false);
    expect(new ModelError('timeout', 'x').retryable).toBe(false);
  });
});
