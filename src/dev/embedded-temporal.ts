import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { Connection } from '@temporalio/client';
import { findTemporalCli } from '../temporal/cli-binary.js';

/**
 * Starts `temporal server start-dev` for `npm run dev`, keeping its state in
 * DATA_DIR/temporal.db so workflows survive a restart, or reuses a Temporal
 * server that already answers at the address.
 *
 * The server's own output goes to DATA_DIR/temporal.log (a file, not a pipe: a
 * Go program writing to a pipe whose reader went away dies of SIGPIPE), at
 * level warn so a failed start says why. The deadline counts from the moment
 * the process was spawned, not from before the CLI was found or built (the
 * first start on a fresh machine builds it with Go, which leaves a busy
 * machine behind it), and a start that does not answer in time is retried once
 * before giving up with the log's tail.
 */
export interface EmbeddedTemporal {
  address: string;
  uiUrl: string | undefined;
  stop(): Promise<void>;
}

export interface EmbeddedTemporalOptions {
  dataDir: string;
  address: string;
  uiPort: number;
  log: (msg: string) => void;
  /** The CLI to run (tests); default: findTemporalCli. */
  cli?: string;
  /** How long one start may take to answer, from its spawn. */
  startTimeoutMs?: number;
}

const START_TIMEOUT_MS = 60_000;
const ATTEMPTS = 2;

async function answers(address: string): Promise<boolean> {
  try {
    const connection = await Connection.connect({ address, connectTimeout: 1000 });
    await connection.healthService.check({});
    await connection.close();
    return true;
  } catch {
    return false;
  }
}

/** The last lines of the server's log (what it said before it failed), or a note that it said nothing. */
export function logTail(path: string, chars = 3000): string {
  if (!existsSync(path) || statSync(path).size === 0) return `(the server wrote nothing to ${path})`;
  const text = readFileSync(path, 'utf8');
  return text.slice(-chars).trim();
}

export async function startEmbeddedTemporal(options: EmbeddedTemporalOptions): Promise<EmbeddedTemporal> {
  if (await answers(options.address)) {
    options.log(`Using the Temporal server already running at ${options.address}`);
    return { address: options.address, uiUrl: undefined, stop: async () => {} };
  }
  const cli = options.cli ?? (await findTemporalCli(options.log));
  const [ip] = options.address.split(':');
  mkdirSync(resolve(options.dataDir), { recursive: true });
  const logPath = resolve(options.dataDir, 'temporal.log');
  let failure = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const started = await startOnce(cli, options, logPath, attempt);
    if ('child' in started) {
      const child = started.child;
      return { address: options.address, uiUrl: `http://${ip}:${options.uiPort}`, stop: () => stopChild(child) };
    }
    failure = started.failure;
    if (attempt < ATTEMPTS) options.log(`${failure}; starting it once more`);
  }
  throw new Error(`${failure} (after ${ATTEMPTS} attempts). The end of its log (${logPath}):\n${logTail(logPath)}`);
}

/** One start: the child once it answers, or why it did not (it is stopped then). */
async function startOnce(
  cli: string,
  options: EmbeddedTemporalOptions,
  logPath: string,
  attempt: number,
): Promise<{ child: ChildProcess } | { failure: string }> {
  const [ip, port] = options.address.split(':');
  const timeoutMs = options.startTimeoutMs ?? START_TIMEOUT_MS;
  const logFd = openSync(logPath, attempt === 1 ? 'w' : 'a');
  const child: ChildProcess = spawn(
    cli,
    [
      'server',
      'start-dev',
      '--ip',
      ip,
      '--port',
      port,
      '--ui-port',
      String(options.uiPort),
      '--db-filename',
      resolve(options.dataDir, 'temporal.db'),
      '--log-level',
      'warn',
    ],
    { stdio: ['ignore', logFd, logFd] },
  );
  closeSync(logFd);
  const spawned = await new Promise<boolean>((done) => {
    child.once('spawn', () => done(true));
    child.once('error', () => done(false));
  });
  if (!spawned) return { failure: `The Temporal dev server (${cli}) could not be started` };
  options.log(`Waiting for the Temporal dev server (pid ${child.pid}) to answer its health check at ${options.address}; its log is ${logPath}`);
  const since = performance.now();
  let said = since;
  while (!(await answers(options.address))) {
    const waited = performance.now() - since;
    if (child.exitCode !== null || child.signalCode !== null) {
      return { failure: `The Temporal dev server exited (${child.exitCode ?? child.signalCode}) before answering at ${options.address}` };
    }
    if (waited > timeoutMs) {
      await stopChild(child, 'SIGKILL');
      return { failure: `The Temporal dev server did not answer at ${options.address} within ${Math.round(timeoutMs / 1000)} s of its start` };
    }
    if (performance.now() - said >= 10_000) {
      said = performance.now();
      options.log(`Still waiting for the Temporal dev server at ${options.address} (${Math.round(waited / 1000)} s so far)`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { child };
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise<void>((resolveStop) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolveStop();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveStop();
    });
    child.kill(signal);
  });
}
