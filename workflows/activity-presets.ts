import type { ActivityOptions } from '@temporalio/workflow';

/**
 * Named timeout and retry presets for proxyActivities (CONVENTIONS rule 1):
 * every activity call picks one of these, so timeouts are decided in one
 * place. Permanent failures are thrown by activities as non-retryable
 * ApplicationFailures with a type (see activities/failures.ts); everything
 * else retries under these policies.
 */
export const presets = {
  /** A transaction or two on PostgreSQL: seconds at most, retried while the database is away. */
  databaseStep: {
    startToCloseTimeout: '30 seconds',
    retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 10 },
  },
  /**
   * One scripted conversation through the engine. It heartbeats every
   * second, so a worker that dies mid-conversation is noticed within the
   * heartbeat timeout and the run is retried on another worker (the run
   * itself is idempotent: see runTest).
   */
  conversation: {
    startToCloseTimeout: '10 minutes',
    heartbeatTimeout: '5 seconds',
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 5 },
  },
  /** Undoing a step: retried longer than a step, since giving up leaves the agent half released. */
  compensation: {
    startToCloseTimeout: '30 seconds',
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 30 },
  },
  /**
   * One webhook POST and its record. HTTP failures are results, not errors
   * (the workflow waits the trigger's schedule); only the database failing
   * throws, and that is retried briefly. The timeout covers the request's own
   * (WEBHOOK_TIMEOUT_MS, at most 2 minutes) plus the writes.
   */
  webhookDelivery: {
    startToCloseTimeout: '3 minutes',
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 5 },
  },
  /**
   * One dial through the carrier. Safe to retry: the carrier log dedupes on
   * the idempotency key derived from the workflow id, so a retry (or a new
   * worker after a crash) never dials twice.
   */
  dial: {
    startToCloseTimeout: '1 minute',
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '15 seconds', maximumAttempts: 8 },
  },
  /**
   * One sync of an external MCP server's tools: a connection and a few
   * requests (15 s each at most) then one transaction. The server being
   * unreachable is a result, not a failure; what throws (the database) is
   * retried briefly.
   */
  mcpSync: {
    startToCloseTimeout: '5 minutes',
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 5 },
  },
} satisfies Record<string, ActivityOptions>;
