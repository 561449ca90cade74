/**
 * Records workflow histories for the replay test (test/workflows/replay.test.ts):
 * from a Temporal server that ran the workflows (usually a dev server the
 * test suites ran against, see docs/decisions/0035), it takes per workflow
 * type and per way they closed (completed, continued as new, failed,
 * cancelled, terminated) the shortest execution and the longest under 250 KB,
 * and writes each as `<out>/<label>/<type>-<status>-<which>.history` (the
 * History message in protobuf's binary form: the SDK's JSON helpers trip
 * over its two copies of protobufjs) beside `<type>-<status>.json`
 * (`{ workflowId, workflowType, status, events, recordedFrom }`).
 *
 *   node --import tsx scripts/record-workflow-histories.ts <address> <out dir> <label> [commit]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import proto from '@temporalio/proto';

const [address, out, label, commit] = process.argv.slice(2);
if (!address || !out || !label) {
  process.stderr.write('usage: record-workflow-histories.ts <temporal address> <out dir> <label> [commit]\n');
  process.exit(2);
}
const MAX_BYTES = 250_000;

const connection = await Connection.connect({ address });
const client = new Client({ connection });
const byType = new Map<string, Map<string, { workflowId: string; runId: string; length: number }[]>>();
for await (const w of client.workflow.list({ query: 'ExecutionStatus != "Running"' })) {
  const statuses = byType.get(w.type) ?? new Map();
  byType.set(w.type, statuses);
  const list = statuses.get(w.status.name) ?? [];
  statuses.set(w.status.name, list);
  list.push({ workflowId: w.workflowId, runId: w.runId, length: w.historyLength });
}
const dir = join(out, label);
mkdirSync(dir, { recursive: true });
let written = 0;
const save = async (type: string, status: string, which: string, candidate: { workflowId: string; runId: string; length: number }) => {
  const history = await client.workflow.getHandle(candidate.workflowId, candidate.runId).fetchHistory();
  const bytes = proto.temporal.api.history.v1.History.encode(proto.temporal.api.history.v1.History.create(history)).finish();
  if (bytes.length > MAX_BYTES) return false;
  const name = `${type}-${status.toLowerCase()}-${which}`;
  writeFileSync(join(dir, `${name}.history`), bytes);
  writeFileSync(
    join(dir, `${name}.json`),
    `${JSON.stringify({ workflowId: candidate.workflowId, workflowType: type, status, events: candidate.length, recordedFrom: commit ?? null }, null, 1)}\n`,
  );
  process.stdout.write(`${name}: ${candidate.length} events, ${bytes.length} bytes\n`);
  written++;
  return true;
};
for (const [type, statuses] of [...byType].sort(([a], [b]) => a.localeCompare(b))) {
  for (const [status, list] of [...statuses].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = list.sort((a, b) => a.length - b.length);
    await save(type, status, 'smallest', sorted[0]);
    // The longest that fits: most of the workflow's paths in one history.
    for (const candidate of sorted.slice(1).reverse()) if (candidate.length > sorted[0].length && (await save(type, status, 'longest', candidate))) break;
  }
}
process.stdout.write(`${written} histories of ${byType.size} workflow types\n`);
await connection.close();
