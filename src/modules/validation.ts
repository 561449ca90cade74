import type { z } from 'zod';
import { validationFailed, type FieldIssue } from './errors.js';

/** Parses `input` with `schema`; on failure throws VALIDATION_FAILED naming every offending field under `where`. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, where: string): z.output<S> {
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
