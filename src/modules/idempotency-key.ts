import { z } from 'zod';

/**
 * The one rule for an idempotency key, wherever one is taken: the REST
 * `Idempotency-Key` header of every create (src/http/idempotency.ts) and the
 * `idempotency_key` argument of the tools that start work (campaigns, calls,
 * releases, voice clones).
 */
export const IDEMPOTENCY_KEY_MAX = 200;

export const IdempotencyKey = z
  .string()
  .min(1)
  .max(IDEMPOTENCY_KEY_MAX)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces');
