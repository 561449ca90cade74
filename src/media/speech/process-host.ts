import { ChildProcess, fork, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PassThrough, Writable, type Readable } from 'node:stream';

/**
 * What the speech adapters need of a child process (espeak-ng per sentence,
 * pocketsphinx per utterance): Node's ChildProcess has it, and so does a
 * process started through a ProcessHost.
 */
export interface SpeechProcess extends EventEmitter {
  readonly stdin: Writable;
  readonly stdout: Readable;
  readonly stderr: Readable;
  readonly exitCode: number | null;
  readonly signalCode: NodeJS.Signals | null;
  /** Kills the process, or with `group` its whole process group (it must have been started detached). */
  kill(signal: NodeJS.Signals, options?: { group?: boolean }): void;
}

export interface SpawnOptions {
  /** Its own process group, so kill({ group: true }) reaches what it starts (`sh -c 'cat | exec …'`). */
  detached?: boolean;
}

export type SpawnSpeechProcess = (command: string, args: string[], options?: SpawnOptions) => SpeechProcess;

/** Spawns in this process: fine for tests and tools, but each spawn blocks the event loop for the fork (see ProcessHost). */
export const spawnDirect: SpawnSpeechProcess = (command, args, options = {}) => {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], detached: options.detached ?? false });
  return Object.assign(child, {
    kill(signal: NodeJS.Signals, killOptions: { group?: boolean } = {}): boolean {
      if (killOptions.group && child.pid) {
        try {
          process.kill(-child.pid, signal);
          return true;
        } catch {
          return false;
        }
      }
      return ChildProcess.prototype.kill.call(child, signal);
    },
  }) as unknown as SpeechProcess;
};

/** How the helper runs what it starts (given to it at fork). */
export interface HostOptions {
  /** Niceness of the helper and everything it starts (0-19): above 0, speech yields the cores to the media process's RTP clock. */
  niceness?: number;
  /** Processes running at once; the others wait in order. */
  maxRunning?: number;
}

/** The IPC messages between the media process (ProcessHost) and its helper (process-host-main.ts). */
export type ToHost =
  | { op: 'spawn'; id: number; command: string; args: string[]; detached: boolean }
  | { op: 'stdin'; id: number; data: Uint8Array }
  | { op: 'end'; id: number }
  | { op: 'kill'; id: number; signal: NodeJS.Signals; group: boolean };
export type FromHost =
  | { op: 'stdout' | 'stderr'; id: number; data: Uint8Array }
  | { op: 'error'; id: number; message: string }
  | { op: 'close'; id: number; code: number | null; signal: NodeJS.Signals | null };

/**
 * Starts speech processes from a small helper process instead of the media
 * process itself. fork() copies the parent's page tables while the calling
 * thread waits: measured 2.7 ms per spawn at the median and up to 35 ms from
 * a process holding 240 MB (node 22, this machine), time in which no call's
 * 20 ms RTP tick can run. A media process carrying 100 talking calls spawns
 * espeak-ng about 15 times a second, so the pacing jitter at the callers came
 * from the spawns. The helper's heap stays small (its fork is cheap, and it
 * has no pacer to delay); audio crosses the IPC channel as binary messages.
 *
 * The helper is forked once, lazily, and again after it died; processes it
 * held when it died close with an error. It exits when the media process
 * disconnects, killing what it started.
 */
export class ProcessHost {
  constructor(private readonly options: HostOptions = {}) {}

  private host: ChildProcess | undefined;
  private nextId = 1;
  private readonly live = new Map<number, HostedProcess>();
  private closed = false;

  readonly spawn: SpawnSpeechProcess = (command, args, options = {}) => {
    if (this.closed) throw new Error('the speech process host is closed');
    const host = this.ensureHost();
    const id = this.nextId++;
    const proc = new HostedProcess(id, (message) => this.send(host, message));
    this.live.set(id, proc);
    this.send(host, { op: 'spawn', id, command, args, detached: options.detached ?? false });
    return proc;
  };

  /** How many processes the host is running for us now. */
  get running(): number {
    return this.live.size;
  }

  /** Kills what runs and stops the helper. */
  async close(): Promise<void> {
    this.closed = true;
    const host = this.host;
    this.host = undefined;
    if (!host || host.exitCode !== null || host.signalCode !== null) return;
    const exited = new Promise((resolve) => host.once('exit', resolve));
    host.disconnect(); // the helper kills its children and exits when the channel closes
    const timer = setTimeout(() => host.kill('SIGKILL'), 2000);
    await exited;
    clearTimeout(timer);
  }

  private ensureHost(): ChildProcess {
    if (this.host && this.host.connected) return this.host;
    const here = fileURLToPath(import.meta.url);
    const ts = here.endsWith('.ts');
    const entry = here.replace(/process-host\.(ts|js)$/, `process-host-main.${ts ? 'ts' : 'js'}`);
    if (!existsSync(entry)) throw new Error(`speech process host entry not found: ${entry}`);
    const host = fork(entry, [JSON.stringify(this.options)], {
      // Source runs under tsx (npm run media, jest): the helper needs the loader; a build runs plain JS.
      execArgv: ts ? ['--import', 'tsx'] : [],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    host.on('message', (message: FromHost) => {
      this.live.get(message.id)?.receive(message);
      if (message.op === 'close') this.live.delete(message.id);
    });
    const gone = (why: string) => {
      if (this.host === host) this.host = undefined;
      for (const proc of this.live.values()) proc.receive({ op: 'error', id: 0, message: `speech process host ${why}` });
      for (const [id, proc] of this.live) proc.receive({ op: 'close', id, code: null, signal: 'SIGKILL' });
      this.live.clear();
    };
    host.once('exit', (code, signal) => gone(`exited (${signal ?? code})`));
    host.on('error', (error) => gone(`failed: ${error.message}`));
    host.unref();
    (host.channel as { unref?: () => void } | undefined)?.unref?.();
    this.host = host;
    return host;
  }

  private send(host: ChildProcess, message: ToHost): void {
    if (!host.connected) return;
    host.send(message, (error) => {
      if (error) this.live.get(message.id)?.receive({ op: 'error', id: message.id, message: `speech process host: ${error.message}` });
    });
  }
}

/** A process running in the host, seen from the media process. */
class HostedProcess extends EventEmitter implements SpeechProcess {
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  readonly stdin: Writable;
  exitCode: number | null = null;
  signalCode: NodeJS.Signals | null = null;
  private ended = false;

  constructor(
    private readonly id: number,
    private readonly send: (message: ToHost) => void,
  ) {
    super();
    this.stdin = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        if (!this.ended) this.send({ op: 'stdin', id, data: chunk });
        done();
      },
      final: (done) => {
        if (!this.ended) this.send({ op: 'end', id });
        done();
      },
    });
  }

  kill(signal: NodeJS.Signals, options: { group?: boolean } = {}): void {
    if (this.ended) return;
    this.send({ op: 'kill', id: this.id, signal, group: options.group ?? false });
  }

  receive(message: FromHost): void {
    if (this.ended) return;
    switch (message.op) {
      case 'stdout':
      case 'stderr': {
        const { data } = message;
        this[message.op].write(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
        return;
      }
      case 'error':
        if (this.listenerCount('error') > 0) this.emit('error', new Error(message.message));
        return;
      case 'close':
        this.ended = true;
        this.exitCode = message.code;
        this.signalCode = message.signal;
        this.stdout.end();
        this.stderr.end();
        // As with ChildProcess, 'close' comes after the output streams have ended.
        setImmediate(() => this.emit('close', message.code, message.signal));
    }
  }
}
