import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import type { TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { HeardParty, conversationInput, createEngineTestApp, engineDeps, makeAgent } from '../support/engine.js';
import { converse, recordConversation } from '../../src/modules/engine/run-conversation.js';
import { DEFAULT_NO_INPUT_MESSAGE, DEFAULT_NO_INPUT_PROMPT, DEFAULT_REPROMPT, isRepeatRequest } from '../../src/modules/engine/repair.js';
import { getSession } from '../../src/modules/calls/get-session.js';

/**
 * Repair (issue 31): a caller turn the recognizer could not take as words,
 * or heard with too little confidence, never reaches the model or a tool;
 * the agent asks again, repeats its last line when asked, and after its
 * attempts follows its fallback, ending as `not_understood` (or transferred).
 */
let t: TestApp;
let a: TestTenant;

beforeAll(async () => {
  t = await createEngineTestApp();
  a = await createTenant(t);
});
afterAll(async () => {
  await t.close();
});

const BOOKED = 'You are booked for Tuesday at ten.';
const OFFER = 'We have Tuesday at ten. Shall I book it?';

/** A desk agent that offers a slot, and books (hanging up) on yes: acting on a misheard yes books nobody's appointment. */
async function deskAgent(repair?: Record<string, unknown>, destinations: { name: string; address: string }[] = []) {
  return makeAgent(t, a, {
    first_message: 'Hello, Acme Dental.',
    destinations,
    ...(repair ? { repair } : {}),
    model: {
      provider: 'simulated',
      name: 'desk',
      temperature: 0,
      rules: [
        { when: 'appointment', say: OFFER },
        { when: 'yes', say: BOOKED, hangup: true },
      ],
    },
  } as never);
}

describe('a turn the agent did not understand', () => {
  it('gets a reprompt, reaches neither the model nor a tool, and is kept as an unrecognized item with what the recognizer heard', async () => {
    const agent = await deskAgent();
    const party = new HeardParty([
      { words: 'i would like an appointment', kind: 'speech', confidence: 1 },
      // "My name is Priya Raman." as the offline recognizer rejects it: phones, no words.
      { words: '', kind: 'unrecognized', hypothesis: 'gb_m gb_ay gb_n gb_ey gb_m', confidence: 0 },
      { words: 'yes', kind: 'speech', confidence: 1 },
    ]);
    const input = conversationInput(a, agent);
    const run = await converse(engineDeps(t), input, party);
    expect(party.said).toEqual(['Hello, Acme Dental.', OFFER, DEFAULT_REPROMPT, BOOKED]);
    // The model saw two user turns: the rejected one is not among them.
    expect(run.call.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['i would like an appointment', 'yes']);

    const result = await recordConversation(engineDeps(t), input, run);
    const session = await getSession(t.orm.em.fork(), a.organizationId, result.sessionId);
    const items = session.legs[0].transcript.items;
    expect(items.map((i) => [i.speaker, i.text, i.kind])).toEqual([
      ['agent', 'Hello, Acme Dental.', undefined],
      ['customer', 'i would like an appointment', 'speech'],
      ['agent', OFFER, undefined],
      ['customer', '', 'unrecognized'],
      ['agent', DEFAULT_REPROMPT, undefined],
      ['customer', 'yes', 'speech'],
      ['agent', BOOKED, undefined],
      ['agent', 'Calling end_call', undefined],
    ]);
    expect(items[3]).toMatchObject({ hypothesis: 'gb_m gb_ay gb_n gb_ey gb_m', confidence: 0 });
    expect(session).toMatchObject({ end_reason: 'agent_hangup' });
  });

  it('treats words heard below the agent’s min_confidence as not understood: a guessed yes books nothing', async () => {
    const agent = await deskAgent({ min_confidence: 0.7 });
    const party = new HeardParty([
      { words: 'appointment please', confidence: 0.95 },
      { words: 'yes', confidence: 0.4 },
    ]);
    const run = await converse(engineDeps(t), conversationInput(a, agent), party);
    expect(party.said).toEqual(['Hello, Acme Dental.', OFFER, DEFAULT_REPROMPT]);
    expect(run.call.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['appointment please']);
    expect(run.call.agentLeg.find((e) => e.heard?.confidence === 0.4)).toMatchObject({ text: '', heard: { kind: 'unrecognized', hypothesis: 'yes' } });
    expect(run.call.outcome).toEqual({ status: 'ended', reason: 'customer_hangup' });
  });

  it('after max_attempts reprompts follows the fallback: a polite end, recorded as not_understood', async () => {
    const agent = await deskAgent({ max_attempts: 2, reprompt: 'Pardon? Please say that once more.', fallback_message: 'I am sorry. Goodbye.' });
    const unheard = { words: '', kind: 'unrecognized' as const };
    const party = new HeardParty([unheard, unheard, unheard, { words: 'yes' }]);
    const input = conversationInput(a, agent);
    const run = await converse(engineDeps(t), input, party);
    expect(party.said).toEqual(['Hello, Acme Dental.', 'Pardon? Please say that once more.', 'Pardon? Please say that once more.', 'I am sorry. Goodbye.']);
    expect(run.call.outcome).toEqual({ status: 'ended', reason: 'not_understood' });
    const result = await recordConversation(engineDeps(t), input, run);
    expect(result).toMatchObject({ status: 'ended', endReason: 'not_understood' });
    expect(result.transcript.map((e) => e.text)).toContain('The agent did not understand the caller 3 times in a row.');
    // The operator finds such calls by their end reason.
    const listed = await t.request
      .get('/v1/call_session/get?end_reason=not_understood&from_time=2000-01-01+00:00:00&to_time=2100-01-01+00:00:00')
      .set(a.headers);
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).toContain(result.sessionId);
  });

  it('counts attempts in a row: an understood turn in between starts the count again', async () => {
    const agent = await deskAgent({ max_attempts: 1 });
    const unheard = { words: '', kind: 'unrecognized' as const };
    const party = new HeardParty([unheard, { words: 'hello' }, unheard, { words: 'an appointment' }]);
    const run = await converse(engineDeps(t), conversationInput(a, agent), party);
    expect(party.said.filter((s) => s === DEFAULT_REPROMPT)).toHaveLength(2);
    expect(party.said.at(-1)).toBe(OFFER);
    expect(run.call.outcome).toEqual({ status: 'ended', reason: 'customer_hangup' });
  });

  it('with the transfer fallback hands the caller to the named destination', async () => {
    const agent = await deskAgent({ max_attempts: 1, fallback: 'transfer', fallback_destination: 'front desk' }, [
      { name: 'Front desk', address: '+14155550199' },
    ]);
    const unheard = { words: '', kind: 'unrecognized' as const };
    const run = await converse(engineDeps(t), conversationInput(a, agent), new HeardParty([unheard, unheard]));
    expect(run.call.outcome).toEqual({ status: 'ended', reason: 'transferred' });
    expect(run.call.transfer).toMatchObject({ name: 'Front desk', address: '+14155550199' });
  });

  it('refuses a transfer fallback without a destination it can reach', async () => {
    const missing = await t.request
      .post('/v1/agent/create')
      .set(a.headers)
      .send({ name: 'No desk', prompt: 'Be brief.', repair: { fallback: 'transfer', fallback_destination: 'nobody' } });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('repair.fallback_destination');
  });
});

describe('a committing action after a turn heard without enough confidence', () => {
  it('does not run: the model is told to have the caller confirm, and a sure yes then ends the call', async () => {
    const agent = await deskAgent();
    const party = new HeardParty([
      { words: 'appointment please', confidence: 0.95 },
      // Understood (above min_confidence 0.5), so the model hears it; not sure enough (below commit_confidence 0.8) to hang up on.
      { words: 'yes', confidence: 0.6 },
      { words: 'yes', confidence: 0.93 },
    ]);
    const run = await converse(engineDeps(t), conversationInput(a, agent), party);
    expect(run.call.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['appointment please', 'yes', 'yes']);
    const endCalls = run.call.agentLeg.filter((e) => e.toolCall?.name === 'end_call');
    expect(endCalls.map((e) => [e.toolCall!.status, (e.toolCall!.result as { error?: string }).error])).toEqual([
      ['failed', 'caller_not_confirmed'],
      ['succeeded', undefined],
    ]);
    expect(endCalls[0].text).toContain('confidence 0.6, below the 0.8');
    expect(run.call.outcome).toEqual({ status: 'ended', reason: 'agent_hangup' });
    expect(endCalls[1].atMs).toBeGreaterThan(run.call.agentLeg.filter((e) => e.speaker === 'customer')[2].atMs);
  });

  it('runs at once when the agent asks for less (commit_confidence), and after digits, which are always sure', async () => {
    const lenient = await deskAgent({ commit_confidence: 0.55 });
    const first = await converse(
      engineDeps(t),
      conversationInput(a, lenient),
      new HeardParty([
        { words: 'appointment please', confidence: 0.95 },
        { words: 'yes', confidence: 0.6 },
      ]),
    );
    expect(first.call.outcome).toEqual({ status: 'ended', reason: 'agent_hangup' });
    const strict = await deskAgent();
    const keyed = await converse(
      engineDeps(t),
      conversationInput(a, strict),
      new HeardParty([
        { words: 'appointment please', confidence: 0.95 },
        { words: 'yes', kind: 'digits' },
      ]),
    );
    expect(keyed.call.outcome).toEqual({ status: 'ended', reason: 'agent_hangup' });
  });

  it('holds for tools the agent marks committing, and not for the others', async () => {
    /** An agent that records the day it hears, its record_variable marked committing or not. */
    const dayAgent = (committing: boolean) =>
      makeAgent(t, a, {
        first_message: 'Hello.',
        variables: [{ key: 'day', description: 'The day' }],
        ...(committing ? { tools: [{ name: 'record_variable', kind: 'builtin', permission: 'allow', committing: true, config: {} }] } : {}),
        model: {
          provider: 'simulated',
          name: 'desk',
          temperature: 0,
          rules: [{ when: 'tuesday', say: 'Tuesday it is.', set_variable: { key: 'day', value: 'Tuesday' } }],
        },
      } as never);
    const run = await converse(
      engineDeps(t),
      conversationInput(a, await dayAgent(true)),
      new HeardParty([
        { words: 'tuesday', confidence: 0.6 },
        { words: 'tuesday', confidence: 0.9 },
      ]),
    );
    const records = run.call.agentLeg.filter((e) => e.toolCall?.name === 'record_variable').map((e) => e.toolCall!.status);
    expect(records).toEqual(['failed', 'succeeded']);
    const once = await converse(engineDeps(t), conversationInput(a, await dayAgent(false)), new HeardParty([{ words: 'tuesday', confidence: 0.6 }]));
    expect(once.call.variables.get('day')).toBe('Tuesday');
  });

  it('refuses a commit_confidence outside 0 to 1 and a committing flag that is not a boolean', async () => {
    const bad = await t.request
      .post('/v1/agent/create')
      .set(a.headers)
      .send({ name: 'Bad', prompt: 'Be brief.', repair: { commit_confidence: 1.5 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('repair.commit_confidence');
    const flag = await t.request
      .post('/v1/agent/create')
      .set(a.headers)
      .send({ name: 'Bad', prompt: 'Be brief.', tools: [{ name: 'end_call', kind: 'builtin', committing: 'yes' }] });
    expect(flag.status).toBe(400);
  });
});

describe('a caller who asks the agent to repeat', () => {
  it('hears the last line again, all of it, without the model being asked', async () => {
    const agent = await deskAgent();
    const party = new HeardParty([{ words: 'i need an appointment' }, { words: 'Can you repeat that?' }, { words: 'yes' }]);
    const run = await converse(engineDeps(t), conversationInput(a, agent), party);
    expect(party.said).toEqual(['Hello, Acme Dental.', OFFER, OFFER, BOOKED]);
    expect(run.call.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['i need an appointment', 'yes']);
  });

  it('knows the requests whole, not words inside other sentences', () => {
    for (const ask of ['can you repeat that', 'Say that again, please.', 'Sorry?', 'what', 'Pardon me?', 'could you say that again'])
      expect(isRepeatRequest(ask)).toBe(true);
    for (const other of ['what time do you close', 'sorry I am late', 'repeat my order from last week', 'yes']) expect(isRepeatRequest(other)).toBe(false);
  });
});

describe('a caller who paused mid-sentence and went on', () => {
  it('has the half the agent could not take replaced by the whole sentence, which alone reaches the model', async () => {
    const agent = await deskAgent({ max_attempts: 1 });
    const party = new HeardParty([
      { words: '', kind: 'unrecognized', hypothesis: 'gb_ay gb_n gb_iy gb_d' },
      { words: 'i need an appointment', kind: 'speech', confidence: 1, continues: true },
      { words: '', kind: 'unrecognized' },
      { words: 'what', kind: 'speech', confidence: 1 },
      { words: 'yes please', kind: 'speech', confidence: 1, continues: true },
    ]);
    const input = conversationInput(a, agent);
    const run = await converse(engineDeps(t), input, party);
    expect(party.said).toEqual(['Hello, Acme Dental.', DEFAULT_REPROMPT, OFFER, DEFAULT_REPROMPT, DEFAULT_REPROMPT, BOOKED]);
    expect(run.call.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['i need an appointment', 'yes please']);

    const result = await recordConversation(engineDeps(t), input, run);
    const session = await getSession(t.orm.em.fork(), a.organizationId, result.sessionId);
    expect(session.legs[0].transcript.items.map((i) => [i.speaker, i.text, i.kind])).toEqual([
      ['agent', 'Hello, Acme Dental.', undefined],
      ['customer', 'i need an appointment', 'speech'],
      ['agent', DEFAULT_REPROMPT, undefined],
      ['agent', OFFER, undefined],
      ['customer', '', 'unrecognized'],
      ['agent', DEFAULT_REPROMPT, undefined],
      // A lone "what" asked for the last line again; "yes please" after the pause finished it instead.
      ['customer', 'yes please', 'speech'],
      ['agent', DEFAULT_REPROMPT, undefined],
      ['agent', BOOKED, undefined],
      ['agent', 'Calling end_call', undefined],
    ]);
    expect(session).toMatchObject({ end_reason: 'agent_hangup' });
  });

  it('takes back nothing when the turn before was words the agent acted on', async () => {
    const agent = await deskAgent();
    const party = new HeardParty([{ words: 'i need an appointment' }, { words: 'yes', continues: true }]);
    const run = await converse(engineDeps(t), conversationInput(a, agent), party);
    expect(party.said).toEqual(['Hello, Acme Dental.', OFFER, BOOKED]);
    expect(run.call.agentLeg.filter((e) => e.speaker === 'customer').map((e) => e.text)).toEqual(['i need an appointment', 'yes']);
  });
});

describe('a caller who says nothing', () => {
  const silent = { kind: 'silence' as const };

  it('is asked whether they are still there; an answer starts the count again and reaches the model as usual', async () => {
    const agent = await deskAgent();
    const party = new HeardParty([silent, { words: 'i need an appointment' }, silent, silent, { words: 'yes' }]);
    const input = conversationInput(a, agent);
    const run = await converse(engineDeps(t), input, party);
    expect(party.said).toEqual(['Hello, Acme Dental.', DEFAULT_NO_INPUT_PROMPT, OFFER, DEFAULT_NO_INPUT_PROMPT, DEFAULT_NO_INPUT_PROMPT, BOOKED]);
    // Every wait for the caller carried the agent's no-input time (default 8 s); silence is no caller turn.
    expect(new Set(party.noInputWaits)).toEqual(new Set([8000]));
    expect(run.call.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['i need an appointment', 'yes']);
    const result = await recordConversation(engineDeps(t), input, run);
    const session = await getSession(t.orm.em.fork(), a.organizationId, result.sessionId);
    const items = session.legs[0].transcript.items;
    expect(items.filter((i) => i.speaker === 'customer').map((i) => i.text)).toEqual(['i need an appointment', 'yes']);
    expect(items.filter((i) => i.speaker === 'system').map((i) => i.text)).toEqual([
      'The caller said nothing for 8 s.',
      'The caller said nothing for 8 s.',
      'The caller said nothing for 8 s.',
    ]);
    expect(session).toMatchObject({ end_reason: 'agent_hangup' });
  });

  it('after no_input_max_prompts checks hears the goodbye, and the call ends silence_timeout, found by that end reason', async () => {
    const agent = await deskAgent({ no_input_ms: 5000, no_input_max_prompts: 2, no_input_prompt: 'Hello? Are you there?' });
    const party = new HeardParty([silent, silent, silent, { words: 'yes' }]);
    const input = conversationInput(a, agent);
    const run = await converse(engineDeps(t), input, party);
    expect(party.said).toEqual(['Hello, Acme Dental.', 'Hello? Are you there?', 'Hello? Are you there?', DEFAULT_NO_INPUT_MESSAGE]);
    expect(party.noInputWaits).toEqual([5000, 5000, 5000]);
    expect(run.call.outcome).toEqual({ status: 'ended', reason: 'silence_timeout' });
    const result = await recordConversation(engineDeps(t), input, run);
    expect(result).toMatchObject({ status: 'ended', endReason: 'silence_timeout' });
    expect(result.transcript.map((e) => e.text)).toContain('The caller said nothing for 5 s after 2 checks.');
    const listed = await t.request
      .get('/v1/call_session/get?end_reason=silence_timeout&from_time=2000-01-01+00:00:00&to_time=2100-01-01+00:00:00')
      .set(a.headers);
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).toContain(result.sessionId);
  });

  it('with no_input_max_prompts 0 says goodbye at the first silence', async () => {
    const agent = await deskAgent({ no_input_max_prompts: 0, no_input_message: 'Goodbye for now.' });
    const party = new HeardParty([silent, { words: 'yes' }]);
    const run = await converse(engineDeps(t), conversationInput(a, agent), party);
    expect(party.said).toEqual(['Hello, Acme Dental.', 'Goodbye for now.']);
    expect(run.call.outcome).toEqual({ status: 'ended', reason: 'silence_timeout' });
    expect(run.call.agentLeg.map((e) => e.text)).toContain('The caller said nothing for 8 s.');
  });

  it('refuses no-input settings out of range, with each field named', async () => {
    const created = await t.request
      .post('/v1/agent/create')
      .set(a.headers)
      .send({ name: 'Silent', prompt: 'Be brief.', repair: { no_input_ms: 500, no_input_max_prompts: 9, no_input_prompt: '' } });
    expect(created.status).toBe(400);
    const fields = JSON.stringify(created.body.errors);
    for (const field of ['repair.no_input_ms', 'repair.no_input_max_prompts', 'repair.no_input_prompt']) expect(fields).toContain(field);
  });
});
