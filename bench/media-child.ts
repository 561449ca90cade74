/**
 * The media process under test (bench/media-process.ts) as a child: started
 * with the project's Node and tsx, its JSON lines read (ready, one report per
 * finished call, kept in order), its memory and CPU read from /proc, stopped with SIGTERM
 * (SIGKILL after a bounded wait).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { CallReport } from '../src/media/call/live-call.js';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const PROFILE_LOG = '/tmp/media-bench-child.log';

export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

export class MediaChild {
  readonly reports: CallReport[] = [];
  private stderr = '';
  private loopWaiter: ((loop: LoopDelay) => void) | undefined;
  sip = { host: '', port: 0 };

  private constructor(private readonly child: ChildProcess) {}

  static async start(env: Record<string, string>): Promise<MediaChild> {
    // BENCH_MEDIA_NODE_ARGS (e.g. --trace-gc, --cpu-prof) profiles the media process; its other output goes to a log file.
    const extra = process.env.BENCH_MEDIA_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    // --no-memory-reducer as scripts/run.sh gives the media role (docs/decisions/0028).
    const child = spawn(process.execPath, ['--no-memory-reducer', ...extra, '--import', 'tsx', 'bench/media-process.ts'], {
      env: { ...process.env, NODE_OPTIONS: '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const media = new MediaChild(child);
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (media.stderr = (media.stderr + d).slice(-4000)));
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the media process did not start: ${media.stderr}`)), 60_000);
      child.once('exit', (code) => reject(new Error(`the media process exited (${code}): ${media.stderr}`)));
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (!line.startsWith('{')) return void (extra.length && appendFileSync(PROFILE_LOG, `${line}\n`));
        const event = JSON.parse(line) as { ready?: { host: string; port: number }; report?: CallReport; loop?: LoopDelay };
        if (event.loop) media.loopWaiter?.(event.loop);
        if (event.ready) {
          media.sip = event.ready;
          clearTimeout(timer);
          resolve();
        }
        if (event.report) media.reports.push(event.report);
      });
    });
    await ready;
    return media;
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** Starts measuring the media process's event-loop delay (what late pacer ticks come from). */
  startLoopMonitor(): void {
    this.child.stdin!.write('loop start\n');
  }

  /** Its event-loop delay since startLoopMonitor(), in ms beyond schedule. */
  stopLoopMonitor(): Promise<LoopDelay> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the media process did not report its event-loop delay')), 5000);
      this.loopWaiter = (loop) => {
        clearTimeout(timer);
        this.loopWaiter = undefined;
        resolve(loop);
      };
      this.child.stdin!.write('loop stop\n');
    });
  }

  /** Resident memory now (VmRSS). */
  rssBytes(): number {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${this.pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : NaN;
  }

  /** CPU time used so far (user + system), in seconds, with that of its finished children (espeak-ng, pocketsphinx). */
  cpuSeconds(): number {
    const fields = readFileSync(`/proc/${this.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime, stime, cutime, cstime: fields 14-17 of proc(5), counted from the state (field 3).
    return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) / TICKS_PER_SECOND;
  }

  /** Recent stderr (warnings and errors of the media process). */
  get log(): string {
    return this.stderr;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.stdin!.end();
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}
