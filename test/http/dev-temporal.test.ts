import { describe, it, expect } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedTemporal } from '../../src/dev/embedded-temporal.js';
import { findTemporalCli } from '../../src/temporal/cli-binary.js';
import { freePort } from '../support/ports.js';

/**
 * `npm run dev` starts its own Temporal dev server (issue 29 item 10): once, on a fresh machine busy from the
 * CLI's Go build, it gave up after 60 s with nothing after the colon, its output thrown away. The server's
 * log is now kept in the data folder and its tail shown on failure, the deadline counts from the spawn, and a
 * start that does not answer is tried once more.
 */

/** Busy loops on every core, each ended by the caller or after `maxMs` at the latest. */
function keepBusy(maxMs: number): () => void {
  const burners: ChildProcess[] = [0, 1].map(() =>
    spawn(process.execPath, ['-e', `const end = Date.now() + ${maxMs}; while (Date.now() < end) {}`], { stdio: 'ignore' }),
  );
  return () => burners.forEach((b) => b.kill('SIGKILL'));
}

function fakeCli(dir: string, script: string): string {
  const path = join(dir, 'temporal');
  writeFileSync(path, `#!/bin/sh\n${script}\n`);
  chmodSync(path, 0o755);
  return path;
}

describe('the embedded Temporal dev server of npm run dev', () => {
  it('starts on a machine kept busy, and keeps its log in the data folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dev-temporal-'));
    const messages: string[] = [];
    const stopBurning = keepBusy(90_000);
    let server: Awaited<ReturnType<typeof startEmbeddedTemporal>> | undefined;
    try {
      server = await startEmbeddedTemporal({
        dataDir,
        address: `127.0.0.1:${await freePort()}`,
        uiPort: await freePort(),
        log: (m) => messages.push(m),
        cli: await findTemporalCli(() => {}),
      });
    } finally {
      stopBurning();
    }
    try {
      expect(server.uiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(existsSync(join(dataDir, 'temporal.db'))).toBe(true);
      expect(existsSync(join(dataDir, 'temporal.log'))).toBe(true);
      expect(messages.some((m) => m.includes('Waiting for the Temporal dev server') && m.includes('temporal.log'))).toBe(true);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('retries a start that never answers once, then fails with what the server said', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dev-temporal-'));
    const messages: string[] = [];
    const cli = fakeCli(dataDir, 'echo "fake temporal: listen tcp: address already in use" >&2; exec sleep 30');
    try {
      const started = startEmbeddedTemporal({
        dataDir,
        address: `127.0.0.1:${await freePort()}`,
        uiPort: await freePort(),
        log: (m) => messages.push(m),
        cli,
        startTimeoutMs: 1500,
      });
      await expect(started).rejects.toThrow(/within 2 s of its start \(after 2 attempts\)[\s\S]*temporal\.log[\s\S]*address already in use/);
      expect(messages.filter((m) => m.startsWith('Waiting for the Temporal dev server'))).toHaveLength(2);
      expect(messages.some((m) => m.includes('starting it once more'))).toBe(true);
      // Both attempts' output is kept.
      expect(readFileSync(join(dataDir, 'temporal.log'), 'utf8').match(/address already in use/g)).toHaveLength(2);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  it('says why when the server exits at once, and that it wrote nothing when it did not', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dev-temporal-'));
    try {
      const options = { dataDir, address: `127.0.0.1:${await freePort()}`, uiPort: await freePort(), log: () => {}, startTimeoutMs: 5000 };
      await expect(startEmbeddedTemporal({ ...options, cli: fakeCli(dataDir, 'echo "unable to open database file" >&2; exit 3') })).rejects.toThrow(
        /exited \(3\)[\s\S]*unable to open database file/,
      );
      await expect(startEmbeddedTemporal({ ...options, cli: fakeCli(dataDir, 'exit 4') })).rejects.toThrow(/wrote nothing to/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
