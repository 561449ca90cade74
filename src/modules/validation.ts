import type { z } from 'zod';
import { validationFailed, type FieldIssue } from './errors.js';

/** Parses `input` with `schema`; on failure throws VALIDATION_FAILED naming every offending field under `where`. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, where: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues: FieldIssue[] = result.error.issues.map((issue) => ({
    field: [where, ...issue.path.map(String)].filter(Boolean).join('.'),
    message: issue.message,
  }));
  throw validationFailed(issues);
}
