import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import type { TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { conversationInput, createEngineTestApp, engineDeps, makeAgent } from '../support/engine.js';
import { converse, FILLER, FILLER_AFTER_MS, recordConversation } from '../../src/modules/engine/run-conversation.js';
import { getSession } from '../../src/modules/calls/get-session.js';
import type { CallParty, Heard, SpeechStream, Spoken } from '../../src/modules/engine/call-party.js';
import { startFakeOpenAi, streamedCompletion, type FakeOpenAi } from '../support/fake-openai.js';
import { createModelProvider } from '../../src/modules/engine/create-model-provider.js';
import { closeEngineDispatchers, engineSettingsFrom } from '../../src/modules/engine/engine-settings.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';

/**
 * The engine drives any CallParty (a script, or the media runtime's live
 * caller): here a party that cuts the agent off mid-sentence, as a caller
 * barging in does. The transcript and the model's history keep only what the
 * caller heard.
 */
let t: TestApp;
let a: TestTenant;
let fake: FakeOpenAi;

beforeAll(async () => {
  t = await createEngineTestApp();
  a = await createTenant(t);
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
  await closeEngineDispatchers();
  await t.close();
});

class InterruptingParty implements CallParty {
  readonly said: string[] = [];
  private clock = 0;
  private turns = ['tell me about the opening hours', 'thanks'];

  async hear(): Promise<Heard | null> {
    const words = this.turns.shift();
    if (words === undefined) return null;
    this.clock += 1000;
    return { words, atMs: this.clock };
  }

  async speak(text: string): Promise<Spoken> {
    this.said.push(text);
    this.clock += 500;
    // The caller cuts in after the first three words of every reply but the greeting.
    if (this.said.length === 1) return { heard: text, atMs: this.clock, interrupted: false };
    return { heard: text.split(' ').slice(0, 3).join(' '), atMs: this.clock, interrupted: true };
  }

  now() {
    return this.clock;
  }
  spend(ms: number) {
    this.clock += ms;
  }
}

describe('a conversation with a live-like party', () => {
  it('keeps only what the caller heard of an interrupted reply, in the transcript and the model history', async () => {
    const agent = await makeAgent(t, a, {
      first_message: 'Hello, Acme Dental.',
      model: {
        provider: 'simulated',
        name: 'hours',
        temperature: 0,
        rules: [{ when: 'opening hours', say: 'We are open from eight in the morning until six in the evening.' }],
      },
    } as never);
    const party = new InterruptingParty();
    const { call } = await converse(engineDeps(t), conversationInput(a, agent), party);
    expect(party.said[1]).toBe('We are open from eight in the morning until six in the evening.');
    const agentLines = call.agentLeg.filter((e) => e.speaker === 'agent').map((e) => e.text);
    expect(agentLines).toEqual(['Hello, Acme Dental.', 'We are open', expect.any(String)]);
    expect(call.agentLeg.filter((e) => e.speaker === 'system').map((e) => e.text)).toContain('The caller interrupted the agent.');
    expect(call.messages.filter((m) => m.role === 'assistant').map((m) => m.content)).toContain('We are open');
    expect(call.messages.map((m) => m.content)).not.toContain(party.said[1]);
    expect(call.outcome).toEqual({ status: 'ended', reason: 'customer_hangup' });
  });
});

/** A caller who speaks incrementally (like LiveParty): it notes when each sentence reached it. */
class StreamingParty implements CallParty {
  readonly pushed: { sentence: string; at: number }[] = [];
  private turns = ['when are you open'];
  private clock = 0;
  async hear(): Promise<Heard | null> {
    const words = this.turns.shift();
    return words === undefined ? null : { words, atMs: (this.clock += 1000) };
  }
  async speak(text: string): Promise<Spoken> {
    return { heard: text, atMs: this.clock, interrupted: false };
  }
  speakStream(): SpeechStream {
    const sentences: string[] = [];
    return {
      push: (sentence) => {
        sentences.push(sentence);
        this.pushed.push({ sentence, at: Date.now() });
      },
      end: async () => ({ heard: sentences.join(' '), atMs: this.clock, interrupted: false }),
    };
  }
  now() {
    return this.clock;
  }
  spend(ms: number) {
    this.clock += ms;
  }
}

describe('a streamed reply', () => {
  it('is spoken from its first complete sentence on, while the model is still writing the rest', async () => {
    const provider = await createModelProvider(
      t.orm.em.fork(),
      systemPrincipal(a.organizationId),
      createModelProvider.input.parse({
        name: 'streaming',
        base_url: fake.baseUrl,
        api_key: 'sk-stream',
        default_model: 'gpt-stream',
      }),
      engineSettingsFrom(t.deps.config),
    );
    const agent = await makeAgent(t, a, {
      first_message: '',
      model: { provider: 'openai-compatible', name: 'default', temperature: 0, provider_id: provider.model_provider_id },
    } as never);
    const reply = 'We open at eight. We close at six in the evening, every weekday and on Saturdays.';
    // 16 words, 60 ms apart: the whole reply takes about a second to arrive.
    fake.reply(streamedCompletion({ content: reply }, { gapMs: 60 }));
    const party = new StreamingParty();
    const started = Date.now();
    const { call } = await converse(engineDeps(t), conversationInput(a, agent), party);
    const finished = Date.now();
    expect(party.pushed.map((p) => p.sentence)).toEqual(['We open at eight.', 'We close at six in the evening, every weekday and on Saturdays.']);
    // The first sentence reached the caller's side well before the model's last word.
    expect(party.pushed[0].at - started).toBeLessThan((finished - started) / 2);
    expect(call.agentLeg.filter((e) => e.speaker === 'agent').map((e) => e.text)).toEqual([reply]);
  });
});

describe('a slow model on a live call', () => {
  it('fills the silence: past FILLER_AFTER_MS with no sentence from the model, the caller hears a filler, then the reply', async () => {
    const provider = await createModelProvider(
      t.orm.em.fork(),
      systemPrincipal(a.organizationId),
      createModelProvider.input.parse({ name: 'slow', base_url: fake.baseUrl, api_key: 'sk-slow', default_model: 'gpt-slow' }),
      engineSettingsFrom(t.deps.config),
    );
    const agent = await makeAgent(t, a, {
      first_message: '',
      model: { provider: 'openai-compatible', name: 'default', temperature: 0, provider_id: provider.model_provider_id },
    } as never);
    // 300 ms between words: the first sentence (8 words) is complete after about 2.4 s.
    fake.reply(streamedCompletion({ content: 'Let me look at the calendar for you. We have Tuesday at ten.' }, { gapMs: 300 }));
    const party = new StreamingParty();
    const started = Date.now();
    const { call } = await converse(engineDeps(t), conversationInput(a, agent), party);
    expect(party.pushed.map((p) => p.sentence)).toEqual([FILLER, 'Let me look at the calendar for you.', 'We have Tuesday at ten.']);
    expect(party.pushed[0].at - started).toBeGreaterThanOrEqual(FILLER_AFTER_MS - 50);
    expect(party.pushed[0].at - started).toBeLessThan(FILLER_AFTER_MS + 500);
    expect(call.agentLeg.filter((e) => e.speaker === 'agent').map((e) => e.text)).toEqual([
      `${FILLER} Let me look at the calendar for you. We have Tuesday at ten.`,
    ]);
  });
});

/** A live-like caller whose replies to their turns come with latency parts, as LiveParty measures them; the greeting has none. */
class TimedParty implements CallParty {
  private clock = 0;
  private turns = ['tell me about the opening hours'];
  private answering = false;

  async hear(): Promise<Heard | null> {
    const words = this.turns.shift();
    if (words === undefined) return null;
    this.answering = true;
    return { words, atMs: (this.clock += 1000) };
  }
  async speak(text: string): Promise<Spoken> {
    const spoken: Spoken = { heard: text, atMs: (this.clock += 500), interrupted: false };
    if (!this.answering) return spoken;
    this.answering = false;
    return { ...spoken, latency: { endOfTurnMs: 500, sttMs: 41, engineMs: 12, ttsFirstAudioMs: 87, replyMs: 640 } };
  }
  now() {
    return this.clock;
  }
  spend(ms: number) {
    this.clock += ms;
  }
}

describe('a reply’s latency', () => {
  it('is kept on the agent’s transcript item of a reply that answers a caller turn, and only there', async () => {
    const agent = await makeAgent(t, a, {
      first_message: 'Hello, Acme Dental.',
      model: {
        provider: 'simulated',
        name: 'hours',
        temperature: 0,
        rules: [{ when: 'opening hours', say: 'We are open from eight until six.' }],
      },
    } as never);
    const input = conversationInput(a, agent);
    const run = await converse(engineDeps(t), input, new TimedParty());
    const result = await recordConversation(engineDeps(t), input, run);
    const session = await getSession(t.orm.em.fork(), a.organizationId, result.sessionId);
    const items = session.legs[0].transcript.items;
    expect(items.map((i) => [i.speaker, i.text])).toEqual([
      ['agent', 'Hello, Acme Dental.'],
      ['customer', 'tell me about the opening hours'],
      ['agent', 'We are open from eight until six.'],
    ]);
    expect(items[2].latency).toEqual({ end_of_turn_ms: 500, stt_ms: 41, engine_ms: 12, tts_first_audio_ms: 87, reply_ms: 640 });
    // The greeting answers nobody and a caller turn is no reply: neither carries a latency.
    expect(items[0]).not.toHaveProperty('latency');
    expect(items[1]).not.toHaveProperty('latency');
  });
});
