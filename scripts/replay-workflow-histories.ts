/**
 * Replays every recorded workflow history under a folder (default
 * test/workflows/histories) on today's workflow code, the way a worker
 * replays a running workflow after a deploy: a change that is not
 * deterministic for a history recorded before it (a step added, removed or
 * reordered without `patched()`) fails here. Prints one line per history and
 * exits 1 if any failed. Run by test/workflows/replay.test.ts; record new
 * histories with scripts/record-workflow-histories.ts (docs/decisions/0035).
 *
 *   node --import tsx scripts/replay-workflow-histories.ts [folder]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import proto from '@temporalio/proto';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { workflowsEntry } from '../src/roles/worker.js';

const root = process.argv[2] ?? fileURLToPath(new URL('../test/workflows/histories', import.meta.url));
const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.history')).sort();
if (files.length === 0) {
  process.stderr.write(`no .history files under ${root}\n`);
  process.exit(1);
}
Runtime.install({ logger: new DefaultLogger('ERROR') });
// Each history replays under its file name as workflow id: ids must be unique within one replay run (two runs of
// one campaign share their real id), and no workflow here branches on its own id.
const histories = files.map((file) => ({ workflowId: file, history: proto.temporal.api.history.v1.History.decode(readFileSync(join(root, file))) }));
let failed = 0;
let replayed = 0;
for await (const result of Worker.runReplayHistories({ workflowsPath: workflowsEntry(), bundlerOptions: { ignoreModules: [] } }, histories)) {
  replayed++;
  if (result.error) {
    failed++;
    process.stdout.write(`fail ${relative(process.cwd(), join(root, result.workflowId))}: ${result.error.name}: ${result.error.message.split('\n')[0]}\n`);
  } else {
    process.stdout.write(`ok ${result.workflowId}\n`);
  }
}
process.stdout.write(`${replayed} replayed, ${failed} failed\n`);
process.exit(failed || replayed !== files.length ? 1 : 0);
