import type { ActivityOptions, LocalActivityOptions } from '@temporalio/workflow';

/**
 * Named timeout and retry presets for proxyActivities:
 * every activity call picks one of these, so timeouts are decided in one
 * place. Permanent failures are thrown by activities as non-retryable
 * ApplicationFailures with a type (see activities/failures.ts); everything
 * else retries under these policies.
 */
/** A short idempotent database step run as a local activity: retried in the worker for 10 s, then through the server. */
const LOCAL_DATABASE_STEP: LocalActivityOptions = {
  startToCloseTimeout: '30 seconds',
  localRetryThreshold: '10 seconds',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 10 },
};

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
    // A call through Twilio waits here for the media runtime's record of the whole call (outbound-call-steps.ts).
    startToCloseTimeout: '2 hours',
    heartbeatTimeout: '5 seconds',
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 5 },
  },
  /**
   * A database step of a campaign or one of its dials. Like databaseStep, but
   * the activity heartbeats every second, so a step a dead worker held is
   * retried within seconds: a campaign's slots and its own loop never wait
   * out the 30 s start-to-close timeout after a crash.
   */
  campaignStep: {
    startToCloseTimeout: '30 seconds',
    heartbeatTimeout: '5 seconds',
    retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 10 },
  },
  /**
   * Short database steps of campaigns and outbound calls run as local
   * activities (inside the workflow task, no round trip through the server
   * per step): a campaign turn is one workflow task, and a dial has only
   * two server activities (the carrier and the conversation), which is what
   * bounds the dispatch rate. Safe because each is a read or idempotent (per
   * claim token, per dial key, per attempt): a crash re-runs it on replay
   * and gets the same answer.
   */
  campaignLocalStep: LOCAL_DATABASE_STEP,
  /**
   * One claim's carrier dials, run side by side in one activity (decision
   * 0033): as long as its longest call. It heartbeats every second, so a
   * worker that dies mid-batch is noticed within seconds, and the retry goes
   * on with the dials not finished (each is safe to run twice: the carrier
   * key, the session id, the attempt).
   */
  campaignDialBatch: {
    startToCloseTimeout: '30 minutes',
    heartbeatTimeout: '5 seconds',
    // Ten runs (about a minute of waits between them: a database or Temporal server restart, a worker killed, in
    // a row), then the batch's open dials are settled as failed.
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 10 },
  },
  /**
   * A short database step of a release or a test run as a local activity (no
   * server round trip each). Each records its result in the same transaction
   * as its effect, so running it again after a crash does nothing twice.
   */
  localDatabaseStep: LOCAL_DATABASE_STEP,
  /**
   * All of an evaluation's test runs in one activity (runTests), as long as
   * the slowest lane. Heartbeats every second: a dead worker is noticed in
   * seconds and the retry goes on with the unfinished runs.
   */
  testRuns: {
    startToCloseTimeout: '1 hour',
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
   * (WEBHOOK_TIMEOUT_MS, at most 2 minutes) plus the writes. The activity
   * heartbeats every second, so an attempt a killed worker held is retried on
   * another within the heartbeat timeout (it found a run stuck for the whole
   * 3 minutes: test/shape/production-shape.test.ts).
   */
  webhookDelivery: {
    startToCloseTimeout: '3 minutes',
    heartbeatTimeout: '5 seconds',
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 5 },
  },
  /**
   * One dial through the carrier. Safe to retry: the carrier log dedupes on
   * the idempotency key derived from the workflow id, so a retry (or a new
   * worker after a crash) never dials twice.
   */
  dial: {
    // A carrier that reports the outcome later is waited for up to 150 s (CARRIER_OUTCOME_WAIT_MS).
    startToCloseTimeout: '5 minutes',
    // The activity heartbeats every second: a worker that dies mid-dial is noticed in seconds, not after the minute.
    heartbeatTimeout: '5 seconds',
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
  /**
   * An Ask-permission action the caller confirmed: one attempt only, never
   * retried, since the action may have taken effect before a failure (a
   * confirmation runs its action at most once). The timeout covers a tool's
   * own request timeouts.
   */
  confirmedAction: {
    startToCloseTimeout: '2 minutes',
    retry: { maximumAttempts: 1 },
  },
  /**
   * One voice-clone step: the analysis decodes at most a few minutes of PCM
   * (seconds of CPU), a provider call is one request. Retried briefly; the
   * steps are idempotent (modules/voices/voice-clone-steps.ts).
   */
  voiceStep: {
    startToCloseTimeout: '2 minutes',
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 5 },
  },
  /**
   * Supervising one live call in the media process that holds it (on that
   * process's own task queue). The activity lasts as long as the call and
   * heartbeats every second; a process that dies stops heartbeating, or never
   * picks the task up, and the workflow finalizes the call instead. Never
   * retried: a retry would wait on the dead process's queue.
   */
  liveCallSupervision: {
    scheduleToStartTimeout: '10 seconds',
    startToCloseTimeout: '12 hours',
    heartbeatTimeout: '4 seconds',
    retry: { maximumAttempts: 1 },
  },
  /**
   * An outbound call through a SIP trunk, on the shared media queue: it lasts the whole call, heartbeating,
   * and is never retried (a retry would dial the callee again). Nobody to take it within 30 s: no media process runs.
   */
  sipDial: {
    scheduleToStartTimeout: '30 seconds',
    startToCloseTimeout: '12 hours',
    heartbeatTimeout: '10 seconds',
    retry: { maximumAttempts: 1 },
  },
  /** A quick command to the media process holding a call (hang up): it answers at once or is gone. */
  mediaCommand: {
    scheduleToStartTimeout: '5 seconds',
    startToCloseTimeout: '10 seconds',
    retry: { maximumAttempts: 1 },
  },
} satisfies Record<string, ActivityOptions | LocalActivityOptions>;
