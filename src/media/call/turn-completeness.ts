import type { SttResult } from '../speech/speech-to-text.js';

/**
 * The turn policy's reading of what the caller said (issue 31, decision 0061): whether recognized words can be the
 * whole of the speech heard, and whether they are a turn the caller has finished or one they are still in.
 */

/** Speech longer than this base plus this much per recognized word cannot have been just those words (slow speech included). */
const PLAUSIBLE_BASE_MS = 300;
const PLAUSIBLE_PER_WORD_MS = 500;
/** Words a complete turn does not end on: the caller is going on (a conjunction, a filler, an e-mail's "at"/"dot"). */
const GOING_ON = new Set(['and', 'or', 'but', 'so', 'because', 'to', 'the', 'a', 'an', 'my', 'is', 'of', 'for', 'with', 'um', 'uh', 'er', 'at', 'dot']);
const NUMBER_WORDS = new Set(['zero', 'oh', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine']);
/** A number read in groups is still being read while it has fewer digits than a phone number. */
const SPELLED_NUMBER_DIGITS = 10;

const bare = (word: string) => word.toLowerCase().replace(/[.,;:!?-]+$/, '');

/**
 * Whether `words` recognized words can have been all of `speechMs` of speech. A phrase far too short for it (a
 * 1.5 s sentence matched to "mhm", the rest taken as silence) is a guess, whatever the recognizer says.
 */
export function fitsSpeech(words: number, speechMs: number): boolean {
  return speechMs <= PLAUSIBLE_BASE_MS + PLAUSIBLE_PER_WORD_MS * words;
}

/** The digits of the groups a turn ends on ("555 01 23", "five five five") when it ends on two or more groups; else 0. */
export function trailingDigits(words: string[]): number {
  let groups = 0;
  let digits = 0;
  for (let i = words.length - 1; i >= 0; i--) {
    const word = bare(words[i]);
    if (/^\d+$/.test(word)) digits += word.length;
    else if (NUMBER_WORDS.has(word)) digits += 1;
    else break;
    groups++;
  }
  return groups >= 2 ? digits : 0;
}

/**
 * Whether an early result is a turn the caller has finished: recognized words that fit the speech and do not trail
 * off, nor stop inside a number read in groups (a phone number's first groups, the caller pausing between them).
 */
export function isComplete(result: SttResult, speechMs: number): boolean {
  const words = result.text.trim().split(/\s+/).filter(Boolean);
  if (result.kind !== 'speech' || !words.length || !fitsSpeech(words.length, speechMs)) return false;
  const digits = trailingDigits(words);
  if (digits > 0 && digits < SPELLED_NUMBER_DIGITS) return false;
  return !GOING_ON.has(bare(words.at(-1)!));
}
