/**
 * How deeply request JSON may nest. Real payloads of this API nest a handful
 * of levels (a tool's JSON schema inside an agent, say); the limit is there so
 * that no walk over a body (validation, serialization, the database's JSON
 * functions) can be made to recurse thousands of levels deep by one request.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests arrays and objects deeper than `limit`, read in one
 * linear pass over the text before it is parsed. Brackets inside strings do
 * not count; the text need not be valid JSON (the parser says what is wrong).
 */
export function jsonTextTooDeep(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}
