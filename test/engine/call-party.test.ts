import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import type { TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { conversationInput, createEngineTestApp, engineDeps, makeAgent } from '../support/engine.js';
import { converse } from '../../src/modules/engine/run-conversation.js';
import type { CallParty, Heard, Spoken } from '../../src/modules/engine/call-party.js';

/**
 * The engine drives any CallParty (a script, or the media runtime's live
 * caller): here a party that cuts the agent off mid-sentence, as a caller
 * barging in does. The transcript and the model's history keep only what the
 * caller heard.
 */
let t: TestApp;
let a: TestTenant;

beforeAll(async () => {
  t = await createEngineTestApp();
  a = await createTenant(t);
});
afterAll(async () => t.close());

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
      model: { provider: 'simulated', name: 'hours', temperature: 0, rules: [{ when: 'opening hours', say: 'We are open from eight in the morning until six in the evening.' }] },
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
