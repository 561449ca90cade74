import { createHash } from 'node:crypto';

/**
 * Canonical JSON: object keys sorted at every level, no whitespace, so equal
 * configurations hash equally whatever order their keys were sent in. Arrays
 * keep their order (the order of tools or phrases is meaningful). Only plain
 * JSON reaches here (the schemas refuse anything else).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The version's content hash, also its ETag. */
export function contentHash(config: unknown): string {
  return sha256Hex(canonicalJson(config));
}

/** What patch_agent_prompt's expectedHash is checked against: SHA-256 of the prompt's UTF-8 bytes. */
export function promptHash(prompt: string): string {
  return sha256Hex(prompt);
}

/** Deep equality of JSON values, by their canonical form. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
