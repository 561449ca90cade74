/**
 * Domain errors carry a stable code; the edges (REST problem+json, MCP
 * isError) map them once (src/edge/problem.ts). Anything that is not a
 * DomainError is a bug and becomes a generic 500 with a logged trace.
 */
export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'UNAUTHENTICATED'
  | 'INVALID_CLIENT'
  | 'FORBIDDEN'
  | 'ORGANIZATION_MISMATCH'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PRECONDITION_FAILED'
  | 'UNPROCESSABLE'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'IDEMPOTENCY_KEY_IN_USE'
  | 'RATE_LIMITED'
  | 'INVALID_CURSOR'
  | 'LINK_INVALID'
  | 'LINK_EXPIRED'
  | 'UNAVAILABLE'
  | 'BAD_GATEWAY'
  | 'HASH_MISMATCH'
  | 'ANCHOR_NOT_FOUND'
  | 'ANCHOR_AMBIGUOUS'
  | 'MERGE_CONFLICT';

export interface FieldIssue {
  /** Where the problem is: the input's own field (`name`, `stages.0`), which each surface prefixes its own way (REST: `body.name`). */
  field: string;
  message: string;
}

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: { issues?: FieldIssue[]; [key: string]: unknown } = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (what: string, id: string) => new DomainError('NOT_FOUND', `${what} ${id} was not found`, { resource: what, id });

export const validationFailed = (issues: FieldIssue[], message = 'The request is not valid') => new DomainError('VALIDATION_FAILED', message, { issues });
