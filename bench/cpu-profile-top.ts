/**
 * The top of a V8 CPU profile (node --cpu-prof): self time per function and per
 * package or project folder, as shares of the busy (not idle) samples.
 *
 *   node --import tsx bench/cpu-profile-top.ts <file.cpuprofile> [rows]
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
const [file, rowsArg] = process.argv.slice(2);
if (!file) throw new Error('usage: cpu-profile-top.ts <file.cpuprofile> [rows]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[] };
const hits = new Map<number, number>();
for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
// Shares of the busy samples (a process that waits most of the run would otherwise read as all idle).
const total = profile.samples.filter((id) => !idle.has(id)).length;
const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
const place = (url: string) => {
  if (!url) return '(native, GC, idle)';
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node internals';
  const p = url.match(/\/(src\/[^/]+\/[^/]+|src\/[^/]+|activities|workflows|bench)\//);
  return p ? p[1] : url;
};
for (const node of profile.nodes) {
  const n = hits.get(node.id) ?? 0;
  if (!n || idle.has(node.id)) continue;
  const name = `${node.callFrame.functionName || '(anonymous)'} ${place(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + n);
  byPlace.set(place(node.callFrame.url), (byPlace.get(place(node.callFrame.url)) ?? 0) + n);
}
const rows = Number(rowsArg ?? 25);
const show = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, n] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`${((100 * n) / total).toFixed(1).padStart(5)}%  ${k}`);
};
show('self time by package or folder', byPlace);
show('self time by function', byFunction);
