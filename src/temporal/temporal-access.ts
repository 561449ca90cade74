import type { Client } from '@temporalio/client';
import type { AppDeps } from '../http/deps.js';
import { DomainError } from '../modules/errors.js';

/** What a domain function needs to start, query or update workflows. */
export interface TemporalAccess {
  client: Client;
  taskQueue: string;
}

/**
 * The app's Temporal client and task queue, or a 503 problem when the
 * process runs without Temporal (the API still serves reads then).
 */
export function temporalAccess(deps: Pick<AppDeps, 'temporal' | 'config'>): TemporalAccess {
  if (!deps.temporal?.client) {
    throw new DomainError('UNAVAILABLE', 'The workflow service (Temporal) is not reachable: try again later');
  }
  return { client: deps.temporal.client, taskQueue: deps.config.temporal.taskQueue };
}
