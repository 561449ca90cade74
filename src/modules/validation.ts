import type { z } from 'zod';
import { validationFailed, type FieldIssue } from './errors.js';

/**
 * Where a NUL character hides in `value` (PostgreSQL refuses it in text and
 * JSON, so it must be a 400 here rather than a database error later).
 */
function findNul(value: unknown, path: string[]): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...path, String(i)]);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const found = findNul(key, [...path, key]) ?? findNul(child, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** Parses `input` with `schema`; on failure throws VALIDATION_FAILED naming every offending field under `where`. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, where: string): z.output<S> {
  const nul = findNul(input, []);
  if (nul) {
    throw validationFailed([{ field: [where, ...nul].filter(Boolean).join('.'), message: 'must not contain a NUL character' }]);
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues: FieldIssue[] = result.error.issues.flatMap((issue) => {
    const path = [where, ...issue.path.map(String)].filter(Boolean);
    // Name each unknown key as its own field, so a client sees which one to drop.
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: [...path, key].join('.'), message: 'is not a known parameter' }));
    }
    return [{ field: path.join('.'), message: issue.message }];
  });
  throw validationFailed(issues);
}
