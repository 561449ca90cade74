import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NativeConnection, Worker } from '@temporalio/worker';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Orm } from '../db/orm.js';
import { createActivities } from '../../activities/index.js';
import { installTemporalRuntime } from '../temporal/worker-runtime.js';
import { engineSettingsFrom } from '../modules/engine/engine-settings.js';
import { triggerSettingsFrom } from '../modules/triggers/trigger-settings.js';
import { voiceSettingsFrom } from '../modules/voices/voice-provider.js';

/** A worker on the main task queue with every workflow of workflows/index.ts and every activity. */
export async function createWorker(config: Config, orm: Orm, logger: Logger): Promise<{ worker: Worker; connection: NativeConnection }> {
  installTemporalRuntime(logger);
  const connection = await NativeConnection.connect({ address: config.temporal.address });
  const worker = await Worker.create({
    connection,
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    // A production build carries the workflows bundled ahead of time (npm run build): no bundling at start-up.
    ...workflowCode(config.temporal.workflowBundle),
    activities: createActivities({
      orm,
      engineSettings: engineSettingsFrom(config),
      triggerSettings: triggerSettingsFrom(config),
      voiceSettings: voiceSettingsFrom(config),
    }),
    // SIGTERM drains: polling stops, running activities (a webhook delivery, a dial) finish within the grace
    // period and are only then cancelled; the database pool closes after run() resolves (src/main.ts).
    shutdownGraceTime: config.temporal.shutdownGraceMs,
    shutdownForceTime: config.temporal.shutdownGraceMs + 10_000,
  });
  return { worker, connection };
}

/**
 * The prebuilt bundle when there is one (WORKFLOW_BUNDLE, else dist/workflow-bundle.js beside the compiled
 * code, written by scripts/bundle-workflows.ts), otherwise the workflow sources, bundled when the worker starts.
 */
function workflowCode(configured: string | undefined): { workflowBundle: { codePath: string } } | { workflowsPath: string } {
  const prebuilt = configured ?? fileURLToPath(new URL('../../workflow-bundle.js', import.meta.url));
  if (existsSync(prebuilt)) return { workflowBundle: { codePath: prebuilt } };
  if (configured) throw new Error(`WORKFLOW_BUNDLE: ${prebuilt} does not exist`);
  return { workflowsPath: workflowsEntry() };
}

/** workflows/index.ts when running from source (tsx, jest), index.js in the compiled build. */
export function workflowsEntry(): string {
  const ts = fileURLToPath(new URL('../../workflows/index.ts', import.meta.url));
  return existsSync(ts) ? ts : fileURLToPath(new URL('../../workflows/index.js', import.meta.url));
}
