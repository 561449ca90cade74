import { Runtime, DefaultLogger, type Worker } from '@temporalio/worker';
import type { Logger } from 'pino';

let runtimeInstalled = false;

/**
 * Routes the SDK's own logs through pino at warn and above. Once per process,
 * before its first Worker (the main worker's or a media process's node worker).
 *
 * The SDK's own signal handling is off (`shutdownSignals: []`): by default it shuts every worker down on
 * SIGINT and SIGTERM at once, which in a media process cancelled the supervision of calls still being
 * drained, so each was finalized as media_lost while it went on. The process's shutdown (src/main.ts) stops
 * each worker itself, in order: a media process after its calls have ended, the main worker last.
 */
export function installTemporalRuntime(logger: Logger): void {
  if (runtimeInstalled) return;
  Runtime.install({
    logger: new DefaultLogger('WARN', (entry) => logger.warn({ temporal: entry.meta }, entry.message)),
    shutdownSignals: [],
  });
  runtimeInstalled = true;
}

/**
 * Stops a worker unless it is already stopping: on SIGINT/SIGTERM the SDK's
 * runtime drains every worker itself, and shutdown() on a draining worker throws.
 */
export function stopWorker(worker: Worker): void {
  if (worker.getState() === 'RUNNING') worker.shutdown();
}
