import { fileURLToPath } from 'node:url';
import { Client, Connection, WorkflowUpdateFailedError, type WorkflowHandle, type WorkflowStartOptions } from '@temporalio/client';
import { ApplicationFailure, type Workflow } from '@temporalio/common';
import { bundleWorkflowCode, DefaultLogger, NativeConnection, Runtime, Worker, type WorkflowBundle } from '@temporalio/worker';
import type { Activities } from '../../activities/index.js';

/**
 * Support of the fast state-machine tests (decision 0046): the real workflow
 * code (workflows/index.ts, bundled once per file) on a worker in the test's
 * own process whose activities are stubs written in the test, against the
 * test run's Temporal dev server (TEMPORAL_ADDRESS, from the global setup).
 * No database, no app: the stubs record their calls and answer what the
 * test scripted.
 */

const WORKFLOWS = fileURLToPath(new URL('../../workflows/index.ts', import.meta.url));
const quiet = () => new DefaultLogger('ERROR', (entry) => process.stderr.write(`[temporal ${entry.level}] ${entry.message}\n`));

let counter = 0;
/** A name no other test (file, or run on the same server) uses. */
export const uniqueName = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${++counter}`;

export interface StubWorker {
  client: Client;
  taskQueue: string;
  /** Starts a workflow on this worker's queue, remembered so that stop() ends it if a failed test left it running. */
  start<T extends Workflow>(workflowType: string, options: WorkflowStartOptions<T>): Promise<WorkflowHandle<T>>;
  /** Terminates what the file's workflows left running (a test that failed half way), then stops the worker. */
  stop(): Promise<void>;
}

/**
 * A worker on a task queue of its own that runs every workflow of
 * workflows/index.ts with `activities` (stubs) as the activities, and a client
 * for it.
 */
export async function startStubWorker(name: string, activities: Partial<Activities>): Promise<StubWorker> {
  const address = process.env.TEMPORAL_ADDRESS;
  if (!address) throw new Error('TEMPORAL_ADDRESS is not set: run through jest (test/support/global-setup.mjs starts the dev server)');
  try {
    Runtime.install({ logger: quiet(), shutdownSignals: [] });
  } catch {
    // Installed already in this process (an earlier test file of this jest worker): keep that one.
  }
  const workflowBundle: WorkflowBundle = await bundleWorkflowCode({ workflowsPath: WORKFLOWS, ignoreModules: [], logger: quiet() });
  const taskQueue = uniqueName(`tq-${name}`);
  const nativeConnection = await NativeConnection.connect({ address });
  const worker = await Worker.create({
    connection: nativeConnection,
    taskQueue,
    workflowBundle,
    activities,
    // A cancellation reaches a stub at its next heartbeat: send them at once rather than up to 4 s later.
    maxHeartbeatThrottleInterval: '100 milliseconds',
    defaultHeartbeatThrottleInterval: '100 milliseconds',
    shutdownGraceTime: '1 second',
    shutdownForceTime: '5 seconds',
  });
  const running = worker.run();
  const connection = await Connection.connect({ address });
  const client = new Client({ connection });
  const started: string[] = [];
  return {
    client,
    taskQueue,
    async start<T extends Workflow>(workflowType: string, options: WorkflowStartOptions<T>) {
      const handle = await client.workflow.start<T>(workflowType, options);
      started.push(handle.workflowId);
      return handle;
    },
    async stop() {
      // A workflow a failed test left waiting (or spinning) would keep the worker from shutting down.
      await Promise.all(
        started.map((id) =>
          client.workflow
            .getHandle(id)
            .terminate('the test file is over')
            .catch(() => undefined),
        ),
      );
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await running;
      await connection.close();
      await nativeConnection.close();
    },
  };
}

/** A door a stub waits at until the test opens it. */
export class Gate {
  private opened = false;
  private waiters: (() => void)[] = [];
  /** Resolves once open (at once when it is open already). */
  wait(): Promise<void> {
    return this.opened ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }
  open(): void {
    this.opened = true;
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}

/** The refusal of an update by its validator: the failure's type and message, or a description of what happened instead. */
export async function refusal(update: Promise<unknown>): Promise<{ type: string | undefined; message: string }> {
  try {
    const accepted = await update;
    return { type: 'ACCEPTED', message: JSON.stringify(accepted) };
  } catch (error) {
    if (!(error instanceof WorkflowUpdateFailedError)) throw error;
    const cause = error.cause;
    if (!(cause instanceof ApplicationFailure)) return { type: `not an ApplicationFailure: ${cause?.name}`, message: cause?.message ?? '' };
    return { type: cause.type ?? undefined, message: cause.message };
  }
}

/** Polls `read` until `done` holds, or fails after `ms` with the last value seen. */
export async function eventually<T>(read: () => T | Promise<T>, done: (value: T) => boolean, ms = 15_000, every = 50): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline) throw new Error(`condition not reached in ${ms} ms; last value: ${JSON.stringify(value).slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, every));
    value = await read();
  }
  return value;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
