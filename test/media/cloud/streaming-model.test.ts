import { describe, it, expect, beforeAll, afterAll, beforeEach } from '@jest/globals';
import { apiError, completion, startFakeOpenAi, streamedCompletion, type FakeOpenAi } from '../../support/fake-openai.js';
import { createOpenAiCompatibleModel } from '../../../src/modules/engine/openai-compatible-model.js';
import { ModelError, type ChatRequest } from '../../../src/modules/engine/chat-model.js';
import { createSimulatedModel } from '../../../src/modules/engine/simulated-model.js';
import { guardedDispatcher } from '../../../src/modules/outbound-http.js';

/**
 * The openai-compatible model's streaming path (`onText`): server-sent
 * events from test/support/fake-openai.ts over real HTTP, so a live call can
 * speak the first sentence while the model still writes the rest.
 */
let fake: FakeOpenAi;
const dispatcher = guardedDispatcher(['127.0.0.1']);
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
  await dispatcher.close();
});
beforeEach(() => fake.reset());

const model = () =>
  createOpenAiCompatibleModel({
    baseUrl: fake.baseUrl,
    apiKey: 'sk-stream',
    model: 'gpt-stream',
    timeoutMs: 5_000,
    allowedHosts: ['127.0.0.1'],
    dispatcher,
    maxRetries: 1,
  });
const chat: ChatRequest = {
  system: 'You are the front desk.',
  messages: [{ role: 'user', content: 'Hi' }],
  tools: [{ name: 'record_variable', description: 'Record', parameters: { type: 'object' } }],
};

describe('openai-compatible streaming (onText)', () => {
  it('hands text deltas over as they arrive, long before the reply ends, and returns the whole reply', async () => {
    fake.reply(streamedCompletion({ content: 'Sure, I can help. What day suits you best for the visit?' }, { gapMs: 40 }));
    const started = Date.now();
    const deltas: { at: number; text: string }[] = [];
    const response = await model().complete(chat, { onText: (text) => deltas.push({ at: Date.now() - started, text }) });
    const ended = Date.now() - started;
    expect(response).toEqual({ text: 'Sure, I can help. What day suits you best for the visit?', usage: { inputTokens: 100, outputTokens: 20 } });
    expect(deltas.map((d) => d.text).join('')).toBe(response.text);
    expect(deltas.length).toBe(12);
    // The first sentence was complete after 4 deltas, ~8 gaps before the end.
    const firstSentence = deltas.findIndex((_, i) =>
      deltas
        .slice(0, i + 1)
        .map((d) => d.text)
        .join('')
        .includes('.'),
    );
    expect(firstSentence).toBe(3);
    expect(ended - deltas[firstSentence].at).toBeGreaterThanOrEqual(200);
    expect(fake.requests[0].body).toMatchObject({ model: 'gpt-stream', stream: true, stream_options: { include_usage: true } });
    expect(fake.requests[0].headers.accept).toBe('text/event-stream');
  });

  it('assembles tool calls from their deltas (id and name first, the arguments in pieces), several in one reply', async () => {
    fake.reply(
      streamedCompletion(
        {
          content: 'Thank you, Ana.',
          toolCalls: [
            { id: 'call_a', name: 'record_variable', arguments: { key: 'customer_name', value: 'Ana García' } },
            { id: 'call_b', name: 'record_variable', arguments: { key: 'day', value: 'Tuesday' } },
          ],
        },
        { argumentPiece: 5 },
      ),
    );
    const deltas: string[] = [];
    const response = await model().complete(chat, { onText: (t) => deltas.push(t) });
    expect(deltas.join('')).toBe('Thank you, Ana.');
    expect(response.toolCalls).toEqual([
      { id: 'call_a', name: 'record_variable', arguments: { key: 'customer_name', value: 'Ana García' } },
      { id: 'call_b', name: 'record_variable', arguments: { key: 'day', value: 'Tuesday' } },
    ]);
  });

  it('reads a server that ignores stream (plain JSON) and hands its text over in one piece', async () => {
    fake.reply(completion({ content: 'Hello there.' }));
    const deltas: string[] = [];
    expect(await model().complete(chat, { onText: (t) => deltas.push(t) })).toMatchObject({ text: 'Hello there.' });
    expect(deltas).toEqual(['Hello there.']);
  });

  it('retries a failure before any text, but not one after text was handed over; a stream without [DONE] is bad_response', async () => {
    fake.reply(apiError(500, 'overloaded'), streamedCompletion({ content: 'Second try.' }));
    const deltas: string[] = [];
    expect((await model().complete(chat, { onText: (t) => deltas.push(t) })).text).toBe('Second try.');
    expect(deltas.join('')).toBe('Second try.');
    expect(fake.requests).toHaveLength(2);

    fake.reset();
    fake.reply(streamedCompletion({ content: 'Cut off here' }, { noDone: true }), streamedCompletion({ content: 'Never asked.' }));
    const error = await model()
      .complete(chat, { onText: () => {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).kind).toBe('bad_response');
    expect((error as ModelError).message).toMatch(/without \[DONE\]/);
    expect(fake.requests).toHaveLength(1);
  });

  it('without onText the request is not streamed (the existing behaviour)', async () => {
    fake.reply(completion({ content: 'Plain.' }));
    expect(await model().complete(chat)).toMatchObject({ text: 'Plain.' });
    expect(fake.requests[0].body.stream).toBeUndefined();
  });

  it('the simulated model hands its whole text to onText', async () => {
    const simulated = createSimulatedModel([{ when: 'hi', say: 'Hello from the rules.' }]);
    const deltas: string[] = [];
    await simulated.complete(chat, { onText: (t) => deltas.push(t) });
    expect(deltas).toEqual(['Hello from the rules.']);
  });
});
