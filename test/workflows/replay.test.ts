import { describe, it, expect } from '@jest/globals';
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * Workflows can change safely (issue 13, decision 0035): every history
 * recorded under test/workflows/histories (closed executions of every
 * workflow type, recorded from the test suites at a commit named in each
 * history's .json) replays on today's workflow code. A change to a workflow
 * that running executions would trip over (a step added, removed or
 * reordered without `patched()`) fails here, before a deploy does. The replay
 * runs in a process of its own (scripts/replay-workflow-histories.ts): the
 * SDK bundles the workflows with webpack, which does not run inside jest's
 * module sandbox.
 */
const root = join(import.meta.dirname, 'histories');
const recorded = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.history'));

describe('recorded workflow histories', () => {
  it('cover every workflow the worker registers', () => {
    const index = readFileSync(join(import.meta.dirname, '../../workflows/index.ts'), 'utf8');
    const registered = [...index.matchAll(/export \{ (\w+) \} from/g)].map((m) => m[1]).sort();
    expect(registered.length).toBeGreaterThanOrEqual(10);
    const types = new Set(
      recorded.map((f) => (JSON.parse(readFileSync(join(root, f.replace(/\.history$/, '.json')), 'utf8')) as { workflowType: string }).workflowType),
    );
    expect(registered.filter((name) => !types.has(name))).toEqual([]);
  });

  it("each replays on today's workflow code without a nondeterminism error", async () => {
    const { NODE_OPTIONS: _jest, ...env } = process.env;
    const run = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/replay-workflow-histories.ts', root], { env, timeout: 120_000 }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: `${error.stdout}\n${error.stderr.slice(-2000)}` }),
    );
    const failures = run.stdout.split('\n').filter((line) => line.startsWith('fail '));
    expect(failures).toEqual([]);
    expect(run.stdout).toContain(`${recorded.length} replayed, 0 failed`);
    expect(run.code).toBe(0);
  }, 150_000);
});
