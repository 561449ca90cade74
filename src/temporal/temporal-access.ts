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
  if (!deps.temporal?.client) throw temporalUnavailable();
  return { client: deps.temporal.client, taskQueue: deps.config.temporal.taskQueue };
}

/** The 503 for a workflow service this process has no connection to, or cannot reach now. */
export function temporalUnavailable(): DomainError {
  return new DomainError('UNAVAILABLE', 'The workflow service (Temporal) is not reachable: try again later');
}

/**
 * A best-effort call (a progress query, a health check) bounded by a gRPC
 * deadline, so the call itself ends at `ms`. Racing it against a timer left
 * the losing call running; when its connection closed meanwhile, the client's
 * retry timer threw on the closed channel outside any request.
 */
export function withinDeadline<T>(client: Client, ms: number, call: () => Promise<T>): Promise<T> {
  return client.withDeadline(Date.now() + ms, call);
}
