import type { z } from 'zod';
import type { Em } from '../db/orm.js';
import { requireAll, type Principal, type Requirement } from './org/permissions.js';

/**
 * A domain operation, declared once (issue 13 item 10, decision 0047): what it needs (one permission, or all of
 * several) and, when it takes one, the schema of its input. The REST route and the MCP tool that call it read both
 * from here: they check `needs` at the edge, and the OpenAPI document and tools/list say so; the surface parses
 * the input with `input` once, naming a bad field its own way (`body.name` on REST, `name` as an MCP argument),
 * and the operation takes it parsed. Calling the operation checks `needs` again, so a caller inside the platform
 * (an activity, another operation) cannot skip it.
 *
 * Field paths an operation raises itself (a DomainError's issues) are neutral: the input's own field names
 * (`connection_id`, `stages.0`), which each surface prefixes its own way (http/app.ts, mcp/tool.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OperationFn = (em: Em, principal: Principal, ...rest: any[]) => Promise<unknown>;

export type Operation<F extends OperationFn = OperationFn, I extends z.ZodType | undefined = z.ZodType | undefined> = F & {
  readonly needs: Requirement;
  /** The input's schema: the surfaces parse with it, the operation takes what it gives. */
  readonly input: I;
};

/** Declares an operation: `run` is called once `needs` is checked. */
export function operation<F extends OperationFn, I extends z.ZodType | undefined = undefined>(
  spec: { needs: Requirement; input?: I },
  run: F,
): Operation<F, I> {
  // Async, so a refusal is a rejected promise, as every other failure of an operation is.
  const checked = async function (this: unknown, em: Em, principal: Principal, ...rest: unknown[]) {
    requireAll(principal, spec.needs);
    return run.call(this, em, principal, ...rest);
  };
  Object.defineProperty(checked, 'name', { value: run.name });
  return Object.assign(checked as unknown as F, { needs: spec.needs, input: spec.input as I });
}
