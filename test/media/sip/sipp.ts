/**
 * Runs the real sipp (Debian's sip-tester) on a scenario from ./scenarios and
 * resolves with its exit code (0: every call passed) and its error log.
 * Every run is bounded by sipp's own -timeout and a kill timer; running
 * processes are tracked so afterAll can stop them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCENARIOS = join(dirname(fileURLToPath(import.meta.url)), 'scenarios');
const running = new Set<ChildProcess>();

export interface SippRun {
  code: number | null;
  output: string;
  errors: string;
}

export interface SippOptions {
  scenario: string;
  /** host:port to call (UAC scenarios); omitted for UAS scenarios. */
  remote?: string;
  localIp?: string;
  /** Random in 20000-40000 unless given (UAS scenarios need to know it). */
  localPort?: number;
  calls?: number;
  rate?: number;
  service?: string;
  pauseMs?: number;
  timeoutS?: number;
  extra?: string[];
}

export function randomPort(): number {
  return 20000 + Math.floor(Math.random() * 20000);
}

export function runSipp(options: SippOptions): { done: Promise<SippRun>; process: ChildProcess } {
  const dir = mkdtempSync(join(tmpdir(), 'sipp-'));
  const args = [
    ...(options.remote ? [options.remote] : []),
    '-sf',
    isAbsolute(options.scenario) ? options.scenario : join(SCENARIOS, options.scenario),
    '-i',
    options.localIp ?? '127.0.0.1',
    // sipp's own default is 5060: always give it a port of ours.
    '-p',
    String(options.localPort ?? randomPort()),
    '-m',
    String(options.calls ?? 1),
    '-r',
    String(options.rate ?? 10),
    '-s',
    options.service ?? '+15550100',
    '-d',
    String(options.pauseMs ?? 300),
    '-timeout',
    `${options.timeoutS ?? 15}s`,
    '-timeout_error',
    '-nostdin',
    '-trace_err',
    '-error_file',
    join(dir, 'errors.log'),
    '-trace_msg',
    '-message_file',
    join(dir, 'messages.log'),
    ...(options.extra ?? []),
  ];
  const child = spawn('sipp', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  child.stderr!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  const killer = setTimeout(() => child.kill('SIGKILL'), ((options.timeoutS ?? 15) + 5) * 1000);
  const done = new Promise<SippRun>((resolve) => {
    child.on('exit', (code) => {
      clearTimeout(killer);
      running.delete(child);
      const read = (name: string): string => {
        const file = readdirSync(dir).find((f) => f.startsWith(name));
        return file ? readFileSync(join(dir, file), 'utf8') : '';
      };
      const errors = read('errors') + read('messages').slice(-3000);
      rmSync(dir, { recursive: true, force: true });
      resolve({ code, output, errors });
    });
  });
  return { done, process: child };
}

export function stopAllSipp(): void {
  for (const child of running) child.kill('SIGKILL');
}

/** Resolves once the next event fires, rejects after `ms`. */
export function nextEvent<T extends unknown[]>(emitter: NodeJS.EventEmitter, event: string, ms = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    emitter.once(event, (...args: unknown[]) => {
      clearTimeout(timer);
      resolve(args as T);
    });
  });
}
