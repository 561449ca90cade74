import { describe, it, expect } from '@jest/globals';
import { fitsSpeech, isComplete, trailingDigits } from '../../../src/media/call/turn-completeness.js';

/** The turn policy's reading of a turn's words (no audio: the rules themselves). */
const speech = (text: string) => ({ kind: 'speech' as const, text, latencyMs: 0 });
const words = (text: string) => text.split(' ');

describe('turn completeness', () => {
  it('a sentence is complete; one trailing a conjunction, a filler or an address being spelled is not', () => {
    expect(isComplete(speech('I would like to book an appointment'), 1800)).toBe(true);
    expect(isComplete(speech('Tuesday at ten.'), 900)).toBe(true);
    for (const open of ['I would like to book and', 'book it for my', 'um', 'it is jane at', 'jane dot', 'Yes, and.']) {
      expect(isComplete(speech(open), 900)).toBe(false);
    }
  });

  it('a number read in groups is open until it has a phone number’s digits; one number at the end is not a group', () => {
    expect(trailingDigits(words('my number is 415 555'))).toBe(6);
    expect(trailingDigits(words('five five five oh one'))).toBe(5);
    expect(trailingDigits(words('Tuesday at 10'))).toBe(0);
    expect(isComplete(speech('my number is 415 555'), 2000)).toBe(false);
    expect(isComplete(speech('my number is 415 555 0123'), 2500)).toBe(true);
    expect(isComplete(speech('Tuesday at 10'), 900)).toBe(true);
  });

  it('words far too few for the speech heard are a guess, never complete', () => {
    expect(fitsSpeech(1, 800)).toBe(true);
    expect(fitsSpeech(1, 1500)).toBe(false);
    expect(isComplete(speech('yes'), 1500)).toBe(false);
    expect(isComplete({ kind: 'unrecognized', text: '', latencyMs: 0 }, 500)).toBe(false);
  });
});
