import type { z } from 'zod';
import { validationFailed, type FieldIssue } from './errors.js';
import { MAX_JSON_DEPTH } from './json-depth.js';

interface Visit {
  value: unknown;
  depth: number;
  /** The key or index that leads here from the parent, and the parent's visit: the path is rebuilt only when needed. */
  key?: string;
  parent?: Visit;
}

const pathOf = (visit: Visit): string[] => {
  const path: string[] = [];
  for (let v: Visit | undefined = visit; v?.key !== undefined; v = v.parent) path.push(v.key);
  return path.reverse();
};

/**
 * The first thing in `value` that the database or a walk over it could not
 * take: a NUL character (PostgreSQL refuses it in text and JSON, so it must be
 * a 400 here rather than a database error later) or nesting deeper than
 * MAX_JSON_DEPTH. An explicit stack, each node visited once: linear in the
 * size of the input and never deeper on the call stack, whatever the input.
 */
function findUnstorable(input: unknown): FieldIssue | undefined {
  const stack: Visit[] = [{ value: input, depth: 0 }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value, depth } = visit;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { field: pathOf(visit).join('.'), message: 'must not contain a NUL character' };
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) {
      return { field: pathOf(visit).join('.'), message: `nests deeper than ${MAX_JSON_DEPTH} levels` };
    }
    const entries = Array.isArray(value) ? value.map((child, i) => [String(i), child] as const) : Object.entries(value);
    // Pushed in reverse, so the first offending field in document order is the one reported.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i];
      if (key.includes('\u0000')) return { field: [...pathOf(visit), key].join('.'), message: 'must not contain a NUL character' };
      stack.push({ value: child, depth: depth + 1, key, parent: visit });
    }
  }
  return undefined;
}

/** Parses `input` with `schema`; on failure throws VALIDATION_FAILED naming every offending field under `where`. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, where: string): z.output<S> {
  const unstorable = findUnstorable(input);
  if (unstorable) {
    throw validationFailed([{ ...unstorable, field: [where, unstorable.field].filter(Boolean).join('.') }]);
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
