import { describe, it, expect, beforeAll, afterAll, beforeEach } from '@jest/globals';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WorkflowNotFoundError } from '@temporalio/client';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { HeardParty, conversationInput, makeAgent } from '../support/engine.js';
import { uniqueTaskQueue } from '../support/worker.js';
import { startChildWorker, type ChildWorker } from '../support/child-worker.js';
import { completion, startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.js';
import { converse, runConversation, type EngineDeps } from '../../src/modules/engine/run-conversation.js';
import { closeEngineDispatchers, engineSettingsFrom } from '../../src/modules/engine/engine-settings.js';
import { temporalConfirmations } from '../../src/modules/engine/temporal-confirmations.js';
import type { Confirmations, PermissionRequestInput } from '../../src/modules/engine/confirmations.js';
import { createModelProvider } from '../../src/modules/engine/create-model-provider.js';
import { appEngineDeps } from '../../src/http/engine-deps.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';
import { workflowIds } from '../../workflows/workflow-ids.js';
import { classifyConfirmation, classifyKeypadConfirmation } from '../../workflows/permission-request/confirmation-words.js';
import { answerSignal } from '../../workflows/permission-request/messages.js';

/**
 * Allow, Ask and Block in real calls (issue 6, "a call test"): the engine
 * with the simulated model (and once with the Chat Completions client
 * against a local server), HTTP tools calling a real server on 127.0.0.1
 * that counts what reaches it, and the permissionRequest workflow on the
 * test run's Temporal server, run by a worker in a child process that one
 * test kills while a request waits for the caller.
 */
let t: TestApp;
let a: TestTenant;
let queue: string;
let worker: ChildWorker | undefined;
let upstream: Server;
let base: string;
let fake: FakeOpenAi;
const received: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
let toolIds: Record<string, string>;

const spec = (url: string) => ({
  openapi: '3.0.3',
  info: { title: 'Clinic', version: '1' },
  servers: [{ url }],
  paths: {
    '/bookings': {
      post: {
        operationId: 'createBooking',
        summary: 'Book an appointment',
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { type: 'object', required: ['day', 'time'], properties: { day: { type: 'string' }, time: { type: 'string' } } } },
          },
        },
        responses: { 201: { description: 'booked' } },
      },
    },
    '/slots': { get: { operationId: 'listSlots', summary: 'Free slots', responses: { 200: { description: 'slots' } } } },
    '/everything': { delete: { operationId: 'cancelEverything', summary: 'Cancel every booking', responses: { 204: { description: 'gone' } } } },
  },
});

const bookings = () => received.filter((r) => r.method === 'POST' && r.url === '/api/bookings');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  queue = uniqueTaskQueue('ask');
  // With the app's Temporal client: appEngineDeps builds confirmations from it, as in the REST process.
  t = await createTestApp({ temporal: true, env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', TEMPORAL_TASK_QUEUE: queue } });
  a = await createTenant(t);
  upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.method === 'POST') return void res.writeHead(201, { 'content-type': 'application/json' }).end(`{"booking_id":"bk_${bookings().length}"}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"slots":["Tuesday 10:00"]}');
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const imported = await t.request
    .post('/v1/tool/http/import')
    .set(a.headers)
    .send({ spec: spec(`${base}/api`) })
    .expect(201);
  toolIds = Object.fromEntries(imported.body.tools.map((x: { name: string; id: string }) => [x.name, x.id]));
  worker = await startChildWorker(queue, { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
  fake = await startFakeOpenAi();
}, 90_000);
afterAll(async () => {
  await worker?.kill('SIGKILL');
  await fake?.close();
  await closeEngineDispatchers();
  upstream?.closeAllConnections();
  await new Promise((resolve) => upstream?.close(resolve));
  await t?.close();
});
beforeEach(() => {
  received.length = 0;
});

/** An agent whose booking needs the caller's yes, whose slot lookup does not, and whose mass cancel is blocked. */
const clinicAgent = (over: Record<string, unknown> = {}) =>
  makeAgent(t, a, {
    tools: [
      { name: 'book_appointment', kind: 'http', permission: 'ask', config: { http_tool_id: toolIds.createBooking } },
      { name: 'free_slots', kind: 'http', permission: 'allow', config: { http_tool_id: toolIds.listSlots } },
      { name: 'cancel_everything', kind: 'http', permission: 'block', config: { http_tool_id: toolIds.cancelEverything } },
      { name: 'transfer_call', kind: 'builtin', permission: 'ask', config: {} },
    ],
    destinations: [{ name: 'Billing', address: '+4930123456' }],
    model: {
      provider: 'simulated',
      name: 'clinic',
      temperature: 0,
      rules: [
        { when: 'book', say: 'Let me book that.', call_tool: { name: 'book_appointment', arguments: { body: { day: 'Tuesday', time: '10:00' } } } },
        { when: 'slots', call_tool: { name: 'free_slots', arguments: {} } },
        { when: 'cancel everything', call_tool: { name: 'cancel_everything', arguments: {} } },
        { when: 'billing', transfer_to: 'Billing' },
        { when: 'bye', say: 'Goodbye!', hangup: true },
      ],
    },
    ...over,
  });

const deps = (confirmations?: Confirmations): EngineDeps => ({ ...appEngineDeps(t.deps), ...(confirmations ? { confirmations } : {}) });

async function toolCallRecord(sessionId: string, name: string) {
  const session = (await t.request.get(`/v1/call_session/retrieve/${sessionId}`).set(a.headers).expect(200)).body.session;
  const leg = session.legs[0];
  const item = leg.transcript.items.find((i: { tool_call?: { name: string } }) => i.tool_call?.name === name);
  const res = await t.request
    .get(`/v1/call_session/${sessionId}/leg/${leg.leg_id}/tool_call/${item.tool_call.tool_call_id}/retrieve`)
    .set(a.headers)
    .expect(200);
  return { session, toolCall: res.body.tool_call };
}

describe("the caller's answer", () => {
  it('is a yes only when clearly so: any no wins, and neither is unclear', () => {
    for (const yes of ['Yes', 'yes please', 'Yeah, go ahead', 'Sure, that is right', 'OK', 'No problem, do it'])
      expect(classifyConfirmation(yes)).toBe('confirmed');
    for (const no of ['No', 'no thanks', "Don't", 'Yes... no, wait', 'Cancel that', 'not now']) expect(classifyConfirmation(no)).toBe('declined');
    for (const unclear of ['Hmm', 'What time was it again?', '']) expect(classifyConfirmation(unclear)).toBe('unclear');
  });

  it('on the keypad is 1 for yes and 2 for no; other keys are unclear, and words are left to the word rules', () => {
    expect(classifyKeypadConfirmation('1')).toBe('confirmed');
    expect(classifyKeypadConfirmation(' 2 ')).toBe('declined');
    for (const keys of ['3', '11', '12', '*', '#', '0']) expect(classifyKeypadConfirmation(keys)).toBe('unclear');
    for (const words of ['yes', 'one', 'press 1', '']) expect(classifyKeypadConfirmation(words)).toBeNull();
  });
});

describe('Allow, Ask and Block in a call', () => {
  it('Allow runs at once; Ask reads back, waits for the yes and runs once; the record keeps read-back, words and decision', async () => {
    const agent = await clinicAgent();
    const result = await runConversation(
      deps(),
      conversationInput(a, agent, { customerTurns: ['Any free slots?', 'Please book Tuesday', 'Yes, go ahead', 'bye'] }),
    );

    expect(received.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/slots', 'POST /api/bookings']);
    expect(JSON.parse(bookings()[0].body)).toEqual({ day: 'Tuesday', time: '10:00' });
    expect(result.status).toBe('ended');
    expect(result.endReason).toBe('agent_hangup');
    const readBack = 'Before I go ahead, please confirm: I will use book appointment, with body.day: Tuesday; body.time: 10:00. Shall I go ahead?';
    // The agent says it, the caller answers, then the action runs.
    const spoken = result.transcript.map((e) => `${e.speaker}: ${e.text}`);
    const at = spoken.indexOf(`agent: ${readBack}`);
    expect(at).toBeGreaterThan(0);
    expect(spoken.slice(at - 2, at + 3)).toEqual([
      'customer: Please book Tuesday',
      'agent: Let me book that.',
      `agent: ${readBack}`,
      'customer: Yes, go ahead',
      'agent: Calling book_appointment',
    ]);

    const booked = await toolCallRecord(result.sessionId, 'book_appointment');
    expect(booked.toolCall).toMatchObject({
      status: 'succeeded',
      confirmation: {
        read_back: readBack,
        caller_words: 'Yes, go ahead',
        decision: 'confirmed',
        request_id: expect.stringMatching(new RegExp(`^${result.sessionId}/`)),
      },
    });
    expect(JSON.parse(booked.toolCall.response_text)).toMatchObject({ response: { status: 201, body: { booking_id: 'bk_1' } } });
    // Allow needs nobody's yes: no confirmation on its record.
    expect((await toolCallRecord(result.sessionId, 'free_slots')).toolCall.confirmation).toBeNull();

    // A repeated confirmation runs nothing: the request is decided (its workflow has finished) ...
    const requestId = booked.toolCall.confirmation.request_id as string;
    const handle = t.deps.temporal!.client.workflow.getHandle(workflowIds.permissionRequest(requestId));
    await expect(handle.signal(answerSignal, { words: 'yes' })).rejects.toBeInstanceOf(WorkflowNotFoundError);
    // ... and asking again with the same request (a conversation replayed after a crash) reads the recorded result.
    const again = await temporalConfirmations(t.deps.temporal!.client, queue).open({
      requestId,
      organizationId: a.organizationId,
      projectId: a.projectId,
      agentId: agent.agent_id,
      versionId: agent.version_id,
      sessionId: result.sessionId,
      direction: 'inbound',
      caller: { name: null, address: '+14155550123' },
      toolName: 'book_appointment',
      toolCallId: 'other',
      arguments: { body: { day: 'Tuesday', time: '10:00' } },
      readBack,
      timeoutMs: 30_000,
    } satisfies PermissionRequestInput);
    expect(await again.answer('yes, yes')).toMatchObject({ decision: 'confirmed', callerWords: 'Yes, go ahead', outcome: { status: 'succeeded' } });
    expect(bookings()).toHaveLength(1);
  });

  it('a no, an unclear answer or a hang-up never runs the action; the call goes on or ends as the caller did', async () => {
    const agent = await clinicAgent();
    const declined = await runConversation(deps(), conversationInput(a, agent, { customerTurns: ['Please book Tuesday', 'No, do not book that', 'bye'] }));
    const unclear = await runConversation(deps(), conversationInput(a, agent, { customerTurns: ['Please book Tuesday', 'Hmm, what day was that?', 'bye'] }));
    const hungUp = await runConversation(deps(), conversationInput(a, agent, { customerTurns: ['Please book Tuesday'] }));
    expect(bookings()).toHaveLength(0);

    expect(declined.endReason).toBe('agent_hangup');
    expect((await toolCallRecord(declined.sessionId, 'book_appointment')).toolCall).toMatchObject({
      status: 'failed',
      confirmation: { caller_words: 'No, do not book that', decision: 'declined' },
    });
    expect(declined.toolCalls.find((c) => c.name === 'book_appointment')!.result).toEqual({
      error: 'declined',
      message: 'The caller declined book_appointment: it did not run.',
    });
    expect((await toolCallRecord(unclear.sessionId, 'book_appointment')).toolCall.confirmation).toMatchObject({ decision: 'unclear' });
    expect(hungUp.endReason).toBe('customer_hangup');
    expect((await toolCallRecord(hungUp.sessionId, 'book_appointment')).toolCall.confirmation).toMatchObject({ caller_words: null, decision: 'hung_up' });
  });

  it('a yes heard below repair.commit_confidence is unclear: the action never runs, and a sure yes runs it', async () => {
    const agent = await clinicAgent();
    /** The booking request heard surely, then the yes to the read-back heard with `confidence`. */
    const callSayingYes = (confidence: number) =>
      converse(
        deps(),
        conversationInput(a, agent),
        new HeardParty([
          { words: 'Please book Tuesday', confidence: 0.95 },
          { words: 'yes', confidence },
        ]),
      );
    const unsure = await callSayingYes(0.6);
    expect(bookings()).toHaveLength(0);
    const asked = unsure.call.agentLeg.find((e) => e.toolCall?.name === 'book_appointment');
    expect(asked?.toolCall).toMatchObject({ status: 'failed', confirmation: { caller_words: 'yes', decision: 'unclear' } });
    const sure = await callSayingYes(0.9);
    expect(bookings()).toHaveLength(1);
    expect(sure.call.agentLeg.find((e) => e.toolCall?.name === 'book_appointment')?.toolCall).toMatchObject({
      status: 'succeeded',
      confirmation: { decision: 'confirmed' },
    });
  });

  it('an answer after the timeout finds the request expired: the action never runs', async () => {
    const agent = await clinicAgent();
    const real = temporalConfirmations(t.deps.temporal!.client, queue);
    // The caller takes longer to answer than the request waits.
    const slow: Confirmations = {
      async open(input) {
        const pending = await real.open(input);
        return {
          answer: async (words) => {
            await sleep(2500);
            return pending.answer(words);
          },
        };
      },
    };
    const settings = { ...engineSettingsFrom(t.deps.config), confirmationTimeoutMs: 1000 };
    const result = await runConversation({ ...deps(slow), settings }, conversationInput(a, agent, { customerTurns: ['Please book Tuesday', 'yes', 'bye'] }));
    expect(bookings()).toHaveLength(0);
    expect((await toolCallRecord(result.sessionId, 'book_appointment')).toolCall).toMatchObject({
      status: 'failed',
      confirmation: { caller_words: 'yes', decision: 'expired' },
    });
  });

  it('with no worker to decide, the engine gives up after the timeout and a grace, and terminates the request so it can never run', async () => {
    // A task queue no worker polls: the request cannot decide, as when every worker is gone.
    const stranded = temporalConfirmations(t.deps.temporal!.client, uniqueTaskQueue('ask-nobody'), { graceMs: 1000 });
    const pending = await stranded.open({
      requestId: `sess_nobody/${Date.now()}`,
      organizationId: a.organizationId,
      projectId: a.projectId,
      agentId: 'agt_x',
      versionId: 'ver_x',
      sessionId: 'sess_nobody',
      direction: 'inbound',
      caller: { name: null, address: '+14155550123' },
      toolName: 'book_appointment',
      toolCallId: 'call_1',
      arguments: {},
      readBack: 'Shall I?',
      timeoutMs: 500,
    });
    const result = await pending.answer('yes');
    expect(result).toMatchObject({ decision: 'expired', callerWords: 'yes', outcome: null });
    const described = await t.deps.temporal!.client.workflow.getHandle(workflowIds.permissionRequest(result.requestId)).describe();
    expect(described.status.name).toBe('TERMINATED');
  });

  it('a built-in Ask tool (a transfer) reads back its destination and takes effect once confirmed', async () => {
    const agent = await clinicAgent();
    const result = await runConversation(deps(), conversationInput(a, agent, { customerTurns: ['billing please', 'yes', 'hello?'] }));
    expect(result.endReason).toBe('transferred');
    expect(result.transferredTo).toBe('Billing');
    const { toolCall } = await toolCallRecord(result.sessionId, 'transfer_call');
    expect(toolCall.confirmation).toMatchObject({ read_back: expect.stringContaining('I will transfer you to Billing'), decision: 'confirmed' });
  });

  it('without confirmations (no Temporal) every Ask tool is refused and says why', async () => {
    const agent = await clinicAgent();
    const result = await runConversation(
      { orm: t.orm, settings: engineSettingsFrom(t.deps.config) },
      conversationInput(a, agent, { customerTurns: ['Please book Tuesday', 'yes'] }),
    );
    expect(bookings()).toHaveLength(0);
    expect(result.toolCalls.find((c) => c.name === 'book_appointment')).toMatchObject({ status: 'failed', result: { error: 'confirmation_unavailable' } });
  });

  it('Block never reaches the model: the Chat Completions request lists only the other tools', async () => {
    const provider = await createModelProvider(
      t.orm.em.fork(),
      systemPrincipal(a.organizationId),
      createModelProvider.input.parse({
        name: 'fake',
        base_url: fake.baseUrl,
        api_key: 'sk-test-ask-0123456789',
        default_model: 'fake-default',
      }),
      engineSettingsFrom(t.deps.config),
    );
    const agent = await clinicAgent({ model: { provider: 'openai-compatible', name: 'gpt-test', temperature: 0, provider_id: provider.model_provider_id } });
    fake.reply(
      completion({
        content: 'Let me book that.',
        toolCalls: [{ id: 'call_1', name: 'book_appointment', arguments: { body: { day: 'Friday', time: '09:30' } } }],
      }),
      completion({ content: 'You are booked for Friday at 9:30.' }),
    );
    const result = await runConversation(deps(), conversationInput(a, agent, { customerTurns: ['Book me on Friday', 'Yes please'] }));
    const offered = fake.requests[0].body.tools.map((x: { function: { name: string } }) => x.function.name);
    expect(offered).toEqual(['book_appointment', 'free_slots', 'transfer_call', 'end_call']);
    expect(offered).not.toContain('cancel_everything');
    // The model hears the caller's answer with the tool's result.
    const toolMessage = fake.requests[1].body.messages.find((m: { role: string }) => m.role === 'tool');
    expect(JSON.parse(toolMessage.content)).toMatchObject({ caller_confirmed: true, caller_said: 'Yes please', result: { response: { status: 201 } } });
    expect(JSON.parse(bookings()[0].body)).toEqual({ day: 'Friday', time: '09:30' });
    expect(result.transcript.at(-1)).toMatchObject({ speaker: 'agent', text: 'You are booked for Friday at 9:30.' });
  });
});

describe('a worker killed while the request waits for the caller', () => {
  it('loses nothing: after the restart the confirmed action runs exactly once', async () => {
    const agent = await clinicAgent();
    const real = temporalConfirmations(t.deps.temporal!.client, queue);
    let opened: PermissionRequestInput | undefined;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // Holds the caller's answer until the test has killed the worker.
    const held: Confirmations = {
      async open(input) {
        const pending = await real.open(input);
        opened = input;
        return {
          answer: async (words) => {
            await released;
            return pending.answer(words);
          },
        };
      },
    };
    const call = runConversation(deps(held), conversationInput(a, agent, { customerTurns: ['Please book Tuesday', 'Yes, book it', 'bye'] }));

    // Wait until the worker has run the request's first workflow task (it is waiting for the answer), then kill it.
    for (let i = 0; i < 200 && !opened; i++) await sleep(50);
    expect(opened).toBeDefined();
    const handle = t.deps.temporal!.client.workflow.getHandle(workflowIds.permissionRequest(opened!.requestId));
    for (let i = 0; i < 200; i++) {
      const { historyLength } = await handle.describe();
      if (historyLength >= 4) break; // started, task scheduled, started, completed (the timer too)
      await sleep(50);
    }
    expect(await handle.query('state')).toMatchObject({ status: 'waiting' });
    await worker!.kill('SIGKILL');
    release();
    // The answer is signalled while no worker runs; Temporal keeps it.
    await sleep(1000);
    expect(bookings()).toHaveLength(0);
    worker = await startChildWorker(queue, { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });

    const result = await call;
    expect(bookings()).toHaveLength(1);
    expect((await toolCallRecord(result.sessionId, 'book_appointment')).toolCall).toMatchObject({
      status: 'succeeded',
      confirmation: { caller_words: 'Yes, book it', decision: 'confirmed' },
    });
    expect(result.endReason).toBe('agent_hangup');
  }, 120_000);
});
