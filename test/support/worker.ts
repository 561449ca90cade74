import type { Worker } from '@temporalio/worker';
import { createWorker } from '../../src/roles/worker.js';
import type { TestApp } from './app.js';
import { unique } from './factories.js';

/** A task queue of one test file: its workers poll only the workflows that file starts. */
export const uniqueTaskQueue = (name: string) => unique(`tq-${name}`);

export interface TestWorker {
  worker: Worker;
  stop(): Promise<void>;
}

/**
 * The real worker (createWorker: every workflow and activity) in this
 * process, on the test app's task queue (create the app with
 * env TEMPORAL_TASK_QUEUE), against the test run's Temporal dev server.
 */
export async function startTestWorker(t: TestApp): Promise<TestWorker> {
  const { worker, connection } = await createWorker(t.deps.config, t.orm, t.deps.logger);
  const running = worker.run();
  return {
    worker,
    async stop() {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await running;
      await connection.close();
    },
  };
}
