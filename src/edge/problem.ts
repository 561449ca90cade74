import { DomainError, type ErrorCode, type FieldIssue } from '../modules/errors.js';

/**
 * RFC 9457 problem details. One pure mapping from domain errors to HTTP, used
 * by the REST error middleware (and, for the code and message, by MCP tools).
 * Only 4xx details are exposed; a 500 says nothing about its cause.
 */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  instance?: string;
  request_id?: string;
  errors?: FieldIssue[];
  [extension: string]: unknown;
}

const STATUS: Record<ErrorCode, { status: number; title: string }> = {
  VALIDATION_FAILED: { status: 400, title: 'Bad Request' },
  INVALID_CURSOR: { status: 400, title: 'Bad Request' },
  UNAUTHENTICATED: { status: 401, title: 'Unauthorized' },
  INVALID_CLIENT: { status: 401, title: 'Unauthorized' },
  FORBIDDEN: { status: 403, title: 'Forbidden' },
  ORGANIZATION_MISMATCH: { status: 403, title: 'Forbidden' },
  LINK_INVALID: { status: 403, title: 'Forbidden' },
  LINK_EXPIRED: { status: 403, title: 'Forbidden' },
  NOT_FOUND: { status: 404, title: 'Not Found' },
  CONFLICT: { status: 409, title: 'Conflict' },
  PRECONDITION_FAILED: { status: 412, title: 'Precondition Failed' },
  UNPROCESSABLE: { status: 422, title: 'Unprocessable Content' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, title: 'Unprocessable Content' },
  IDEMPOTENCY_KEY_IN_USE: { status: 409, title: 'Conflict' },
  RATE_LIMITED: { status: 429, title: 'Too Many Requests' },
  UNAVAILABLE: { status: 503, title: 'Service Unavailable' },
  BAD_GATEWAY: { status: 502, title: 'Bad Gateway' },
  HASH_MISMATCH: { status: 409, title: 'Conflict' },
  MERGE_CONFLICT: { status: 409, title: 'Conflict' },
  ANCHOR_NOT_FOUND: { status: 422, title: 'Unprocessable Content' },
  ANCHOR_AMBIGUOUS: { status: 422, title: 'Unprocessable Content' },
};

export const PROBLEM_TYPE_BASE = 'https://docs.voice-platform.dev/problems/';

export function problemType(code: string): string {
  return PROBLEM_TYPE_BASE + code.toLowerCase().replaceAll('_', '-');
}

export function statusOf(code: ErrorCode): number {
  return STATUS[code].status;
}

export function toProblem(error: unknown): Problem {
  if (error instanceof DomainError) {
    const { status, title } = STATUS[error.code];
    const { issues, ...rest } = error.details;
    // The details come first: a detail can never replace the problem's own members (a detail named `status`
    // once turned a 409 into an HTTP status of 'accepted').
    return {
      ...rest,
      type: problemType(error.code),
      title,
      status,
      detail: error.message,
      code: error.code,
      ...(issues ? { errors: issues } : {}),
    };
  }
  return {
    type: problemType('INTERNAL'),
    title: 'Internal Server Error',
    status: 500,
    detail: 'An unexpected error occurred. It has been logged; quote the request id when reporting it.',
    code: 'INTERNAL',
  };
}

/** A problem for an HTTP status that did not come from a domain error (404 route, 405, 413...). */
export function httpProblem(status: number, title: string, detail: string, code: string): Problem {
  return { type: problemType(code), title, status, detail, code };
}
