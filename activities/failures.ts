import { ApplicationFailure } from '@temporalio/activity';
import { DomainError } from '../src/modules/errors.js';

/**
 * Runs an activity body and turns domain errors into non-retryable
 * ApplicationFailures typed with the error's code (MERGE_CONFLICT,
 * CONFLICT, NOT_FOUND, ...): they are decisions, and retrying them changes
 * nothing. Anything else (the database away, a lost connection) is thrown
 * as it is and retried under the activity's declared policy.
 */
export async function permanentOnDomainError<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof DomainError) {
      throw ApplicationFailure.create({ message: error.message, type: error.code, nonRetryable: true, details: [error.details] });
    }
    throw error;
  }
}
