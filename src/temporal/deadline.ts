import { isGrpcDeadlineError, isGrpcServiceError, type Client } from '@temporalio/client';

/**
 * A call bounded by a gRPC deadline, so the call itself ends at `ms` (a
 * progress query, a health check, a long poll for a result). Racing it against
 * a timer left the losing call running; when its connection closed meanwhile,
 * the client's retry timer threw on the closed channel outside any request.
 * A call the deadline ended throws an error `isDeadlineError` recognizes.
 */
export async function withinDeadline<T>(client: Client, ms: number, call: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + ms;
  try {
    return await client.withDeadline(deadline, call);
  } catch (error) {
    // grpc-js sometimes reports a call its deadline ended as CANCELLED ("Call cancelled"), not DEADLINE_EXCEEDED
    // (1 long poll in 30 here): past the deadline, a cancel nobody asked for is the deadline.
    if (!isGrpcDeadlineError(error) && Date.now() >= deadline && hasGrpcCode(error, GRPC_CANCELLED)) throw new DeadlinePassed(error);
    throw error;
  }
}

/** Whether a call made `withinDeadline` ended because its deadline passed (as opposed to an answer or a failure). */
export function isDeadlineError(error: unknown): boolean {
  return error instanceof DeadlinePassed || isGrpcDeadlineError(error);
}

const GRPC_CANCELLED = 1;

class DeadlinePassed extends Error {
  constructor(cause: unknown) {
    super('The call did not finish before its deadline', { cause });
    this.name = 'DeadlinePassed';
  }
}

function hasGrpcCode(error: unknown, code: number): boolean {
  return errorChain(error).some((e) => isGrpcServiceError(e) && e.code === code);
}

/** An error and its causes, outermost first (at most six deep). */
export function errorChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = error; e && chain.length < 6; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}
