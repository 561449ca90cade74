import { describe, it, expect } from '@jest/globals';
import { diffLines, splitLines, unifiedDiff } from '../../src/modules/agents/line-diff.js';
import { mergeAgentConfigs, mergeLines } from '../../src/modules/agents/three-way-merge.js';
import { AgentConfig } from '../../src/modules/agents/agents.schemas.js';
import { canonicalJson, contentHash } from '../../src/modules/agents/content-hash.js';

const L = (...lines: string[]) => lines;

/** Applies hunks to `a`; a correct diff turns a into b. */
function apply(a: string[], b: string[], hunks: ReturnType<typeof diffLines>): string[] {
  const out: string[] = [];
  let pos = 0;
  for (const h of hunks) {
    out.push(...a.slice(pos, h.aStart), ...b.slice(h.bStart, h.bEnd));
    pos = h.aEnd;
  }
  return [...out, ...a.slice(pos)];
}

describe('diffLines', () => {
  it('finds minimal hunks and reproduces the target', () => {
    const a = L('a', 'b', 'c', 'd', 'e', 'f');
    const b = L('a', 'B', 'c', 'd', 'x', 'e', 'f');
    const hunks = diffLines(a, b);
    expect(hunks).toEqual([
      { aStart: 1, aEnd: 2, bStart: 1, bEnd: 2 },
      { aStart: 4, aEnd: 4, bStart: 4, bEnd: 5 },
    ]);
    expect(apply(a, b, hunks)).toEqual(b);
  });

  it('handles empty sides, identical inputs and pseudo-random edits', () => {
    expect(diffLines([], [])).toEqual([]);
    expect(diffLines(L('a'), L('a'))).toEqual([]);
    expect(diffLines([], L('x', 'y'))).toEqual([{ aStart: 0, aEnd: 0, bStart: 0, bEnd: 2 }]);
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    for (let round = 0; round < 200; round++) {
      const a = Array.from({ length: rnd(30) }, () => String.fromCharCode(97 + rnd(5)));
      const b = a.filter(() => rnd(4) > 0).flatMap((l) => (rnd(5) === 0 ? [l, String.fromCharCode(97 + rnd(5))] : [l]));
      expect(apply(a, b, diffLines(a, b))).toEqual(b);
    }
  });

  it('falls back to one replaced block past the edit limit, still correct', () => {
    const a = Array.from({ length: 50 }, (_, i) => `a${i}`);
    const b = Array.from({ length: 50 }, (_, i) => `b${i}`);
    const hunks = diffLines(a, b, 10);
    expect(hunks).toEqual([{ aStart: 0, aEnd: 50, bStart: 0, bEnd: 50 }]);
  });

  it('diffs a 50 KB prompt with a few edits quickly', () => {
    const a = Array.from({ length: 1500 }, (_, i) => `Line ${i}: the agent should be polite and brief.`);
    const b = [...a];
    b[10] = 'changed';
    b.splice(700, 0, 'inserted');
    b.splice(1400, 1);
    const started = performance.now();
    const hunks = diffLines(a, b);
    expect(performance.now() - started).toBeLessThan(200);
    expect(hunks).toHaveLength(3);
    expect(apply(a, b, hunks)).toEqual(b);
  });
});

describe('unifiedDiff', () => {
  it('prints diff -u hunks with context', () => {
    const before = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'].join('\n');
    const after = ['one', 'two', 'THREE', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'].join('\n');
    const { text, truncated } = unifiedDiff(before, after, { from: 'a', to: 'b' }, { context: 1 });
    expect(truncated).toBe(false);
    expect(text).toBe(['--- a', '+++ b', '@@ -2,3 +2,3 @@', ' two', '-three', '+THREE', ' four', '@@ -9 +9,2 @@', ' nine', '+ten', ''].join('\n'));
    expect(unifiedDiff('same', 'same', { from: 'a', to: 'b' }).text).toBe('');
  });

  it('truncates at maxChars', () => {
    const before = Array.from({ length: 100 }, (_, i) => `old ${i}`).join('\n');
    const after = Array.from({ length: 100 }, (_, i) => `new ${i}`).join('\n');
    const { text, truncated } = unifiedDiff(before, after, { from: 'a', to: 'b' }, { maxChars: 200 });
    expect(truncated).toBe(true);
    expect(text.length).toBeLessThanOrEqual(201);
  });
});

describe('mergeLines (diff3)', () => {
  const base = L('Greet the caller.', 'Ask for the order number.', 'Be brief.', 'Confirm the address.', 'Say goodbye.');

  it('merges edits of different lines from both sides', () => {
    const ours = L('Greet the caller warmly.', 'Ask for the order number.', 'Be brief.', 'Confirm the address.', 'Say goodbye.');
    const theirs = L('Greet the caller.', 'Ask for the order number.', 'Be brief.', 'Confirm the full address.', 'Say goodbye.', 'Hang up.');
    const result = mergeLines(base, ours, theirs);
    expect(result.conflicts).toEqual([]);
    expect(result.lines).toEqual([
      'Greet the caller warmly.',
      'Ask for the order number.',
      'Be brief.',
      'Confirm the full address.',
      'Say goodbye.',
      'Hang up.',
    ]);
  });

  it('merges changes of adjacent lines, and identical changes on both sides', () => {
    const ours = L('Greet the caller.', 'ASK', 'Be brief.', 'Confirm the address.', 'Say goodbye.');
    const theirs = L('Greet the caller.', 'Ask for the order number.', 'BRIEF', 'Confirm the address.', 'Say goodbye.');
    expect(mergeLines(base, ours, theirs)).toEqual({ lines: ['Greet the caller.', 'ASK', 'BRIEF', 'Confirm the address.', 'Say goodbye.'], conflicts: [] });
    expect(mergeLines(base, ours, ours)).toEqual({ lines: ours, conflicts: [] });
  });

  it('reports both sides changing the same line as a conflict, with markers', () => {
    const ours = L('Greet the caller.', 'Ask for the order id.', 'Be brief.', 'Confirm the address.', 'Say goodbye.');
    const theirs = L('Greet the caller.', 'Ask for the invoice number.', 'Be brief.', 'Confirm the address.', 'Say goodbye.');
    const result = mergeLines(base, ours, theirs, { ours: 'main', theirs: 'invoices' });
    expect(result.conflicts).toEqual([
      { baseStart: 1, base: ['Ask for the order number.'], ours: ['Ask for the order id.'], theirs: ['Ask for the invoice number.'] },
    ]);
    expect(result.lines).toEqual([
      'Greet the caller.',
      '<<<<<<< main',
      'Ask for the order id.',
      '||||||| base',
      'Ask for the order number.',
      '=======',
      'Ask for the invoice number.',
      '>>>>>>> invoices',
      'Be brief.',
      'Confirm the address.',
      'Say goodbye.',
    ]);
  });

  it('treats two different insertions at the same place as a conflict, the same insertion as none', () => {
    const ours = L('Greet the caller.', 'A', 'Ask for the order number.', 'Be brief.', 'Confirm the address.', 'Say goodbye.');
    const theirs = L('Greet the caller.', 'B', 'Ask for the order number.', 'Be brief.', 'Confirm the address.', 'Say goodbye.');
    expect(mergeLines(base, ours, theirs).conflicts).toHaveLength(1);
    expect(mergeLines(base, ours, ours).conflicts).toHaveLength(0);
  });

  it('takes one side whole when the other did not change, on random inputs', () => {
    let seed = 11;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    const mutate = (lines: string[]) => lines.filter(() => rnd(5) > 0).flatMap((l) => (rnd(4) === 0 ? [l, `new${rnd(100)}`] : [l]));
    for (let round = 0; round < 200; round++) {
      const b = Array.from({ length: rnd(20) }, (_, i) => `line${i % 7}`);
      const x = mutate(b);
      expect(mergeLines(b, x, b)).toEqual({ lines: x, conflicts: [] });
      expect(mergeLines(b, b, x)).toEqual({ lines: x, conflicts: [] });
      expect(mergeLines(b, x, x)).toEqual({ lines: x, conflicts: [] });
    }
  });

  it('treats a deletion against an edit of the same line as a conflict', () => {
    const ours = L('Greet the caller.', 'Be brief.', 'Confirm the address.', 'Say goodbye.');
    const theirs = L('Greet the caller.', 'Ask for the ORDER number.', 'Be brief.', 'Confirm the address.', 'Say goodbye.');
    const result = mergeLines(base, ours, theirs);
    expect(result.conflicts).toEqual([{ baseStart: 1, base: ['Ask for the order number.'], ours: [], theirs: ['Ask for the ORDER number.'] }]);
  });
});

describe('mergeAgentConfigs', () => {
  const base = AgentConfig.parse({ prompt: 'one\ntwo\nthree', first_message: 'Hello', language: 'en-US' });

  it('merges per field and the prompt by line', () => {
    const ours = { ...base, first_message: 'Hi there', prompt: 'ONE\ntwo\nthree' };
    const theirs = { ...base, language: 'de-DE', prompt: 'one\ntwo\nTHREE' };
    const result = mergeAgentConfigs(base, ours, theirs);
    expect(result.conflicts).toEqual([]);
    expect(result.config).toMatchObject({ first_message: 'Hi there', language: 'de-DE', prompt: 'ONE\ntwo\nTHREE' });
    expect(result.changedFields.sort()).toEqual(['language', 'prompt']);
  });

  it("lists a field both sides changed differently, keeping main's value", () => {
    const ours = { ...base, voice: { provider: 'azure', voice_id: 'jenny' } };
    const theirs = { ...base, voice: { provider: 'elevenlabs', voice_id: 'rachel' } };
    const result = mergeAgentConfigs(base, ours, theirs);
    expect(result.conflicts).toEqual([{ field: 'voice', line: null, base: base.voice, ours: ours.voice, theirs: theirs.voice }]);
    expect(result.config.voice).toEqual(ours.voice);
  });

  it('compares objects deeply, ignoring key order', () => {
    const ours = { ...base };
    const theirs = { ...base, voice: { voice_id: base.voice.voice_id, provider: base.voice.provider } };
    expect(mergeAgentConfigs(base, ours, theirs).changedFields).toEqual([]);
  });
});

describe('content hash', () => {
  it('is the same whatever the key order, and differs with content', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}');
    const a = AgentConfig.parse({ prompt: 'x' });
    const b = AgentConfig.parse(JSON.parse(JSON.stringify({ ...a, model: { temperature: 0, name: 'simulated', provider: 'simulated' } })));
    expect(contentHash(a)).toBe(contentHash(b));
    expect(contentHash(a)).not.toBe(contentHash({ ...a, prompt: 'y' }));
    expect(splitLines('a\nb\n')).toEqual(['a', 'b', '']);
  });
});
