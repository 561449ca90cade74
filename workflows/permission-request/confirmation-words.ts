/**
 * Whether the caller's answer to a read-back is a yes. Deterministic (it
 * runs inside the workflow, so its decision is recorded in history and a
 * replay decides the same) and cautious: any sign of a no wins over a yes
 * ("yes... no, wait" is a no), and an answer that is neither is unclear,
 * which does not run the action either. Phrases that contain "no" without
 * meaning it ("no problem") are removed first.
 */
const NOT_A_NO = /\b(no problem|no worries|no doubt|not a problem)\b/giu;
const NO = /\b(no|nope|nah|don't|do not|dont|cancel|stop|wait|hold on|not now|not yet|never|wrong|incorrect|negative|decline)\b/iu;
const YES =
  /\b(yes|yeah|yep|yup|sure|ok|okay|correct|confirm|confirmed|go ahead|please do|do it|that's right|that is right|right|sounds good|absolutely|affirmative|of course|perfect)\b/iu;

/**
 * On a phone call the caller may answer with a key instead: the live call hands
 * DTMF digits to the engine as the caller's words, so an answer of exactly "1" is
 * a yes and "2" a no (the usual IVR convention); other digits are unclear.
 */
export function classifyKeypadConfirmation(words: string): 'confirmed' | 'declined' | 'unclear' | null {
  const digits = words.trim();
  if (!/^[0-9*#]+$/u.test(digits)) return null;
  return digits === '1' ? 'confirmed' : digits === '2' ? 'declined' : 'unclear';
}

export function classifyConfirmation(words: string): 'confirmed' | 'declined' | 'unclear' {
  const text = words.replaceAll('\u2019', "'").replace(NOT_A_NO, ' ');
  if (NO.test(text)) return 'declined';
  if (YES.test(text)) return 'confirmed';
  return 'unclear';
}
