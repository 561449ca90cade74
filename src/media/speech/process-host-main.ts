// The speech process host (see process-host.ts): forked once by the media
// process, it starts espeak-ng and pocketsphinx on request and relays their
// stdin, stdout, stderr and exit over the IPC channel. It holds no calls and
// no timers, so its own forks are cheap and delay nothing. When the media
// process goes away (the channel closes) it kills what it started and exits.
//
// It runs below the media process's priority (niceness, inherited by what it starts), so a loaded machine makes
// speech wait, not every call's 20 ms RTP clock, and it runs at most `maxRunning` processes at once: the rest
// wait their turn in order, their stdin kept, rather than all competing for the cores at once.
import { spawn, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import type { FromHost, HostOptions, ToHost } from './process-host.js';

const options = JSON.parse(process.argv[2] ?? '{}') as HostOptions;
try {
  if (options.niceness) setPriority(options.niceness);
} catch {
  // not permitted here: speech runs at the media process's priority
}
const maxRunning = options.maxRunning ?? Infinity;

const children = new Map<number, { child: ChildProcess; detached: boolean }>();
/** Spawns waiting for a free slot, with what the media process sent them meanwhile. */
const waiting = new Map<number, { spawn: Extract<ToHost, { op: 'spawn' }>; stdin: Uint8Array[]; ended: boolean }>();
const send = (message: FromHost): void => {
  if (process.connected) process.send!(message);
};

function kill(id: number, signal: NodeJS.Signals, group: boolean): void {
  const entry = children.get(id);
  if (!entry?.child.pid || entry.child.exitCode !== null || entry.child.signalCode !== null) return;
  try {
    if (group && entry.detached) process.kill(-entry.child.pid, signal);
    else entry.child.kill(signal);
  } catch {
    // already gone: its close is on the way
  }
}

/** Starts the next waiting process while there is a free slot, replaying its stdin. */
function startWaiting(): void {
  for (const [id, entry] of waiting) {
    if (children.size >= maxRunning) return;
    waiting.delete(id);
    start(entry.spawn);
    const child = children.get(id)?.child;
    for (const data of entry.stdin) child?.stdin!.write(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    if (entry.ended) child?.stdin!.end();
  }
}

function start(message: Extract<ToHost, { op: 'spawn' }>): void {
  const { id } = message;
  const child = spawn(message.command, message.args, { stdio: ['pipe', 'pipe', 'pipe'], detached: message.detached });
  children.set(id, { child, detached: message.detached });
  child.stdout!.on('data', (data: Buffer) => send({ op: 'stdout', id, data }));
  child.stderr!.on('data', (data: Buffer) => send({ op: 'stderr', id, data }));
  child.stdin!.on('error', () => {}); // EPIPE when it died early: its exit code says why
  child.once('error', (error) => {
    send({ op: 'error', id, message: error.message });
    if (child.pid === undefined) {
      // never started (ENOENT): no close follows on every Node version
      children.delete(id);
      send({ op: 'close', id, code: null, signal: null });
      startWaiting();
    }
  });
  child.once('close', (code, signal) => {
    if (!children.delete(id)) return;
    send({ op: 'close', id, code, signal });
    startWaiting();
  });
}

process.on('message', (message: ToHost) => {
  switch (message.op) {
    case 'spawn':
      if (children.size < maxRunning) start(message);
      else waiting.set(message.id, { spawn: message, stdin: [], ended: false });
      return;
    case 'stdin': {
      const { data } = message;
      const queued = waiting.get(message.id);
      if (queued) queued.stdin.push(data);
      else children.get(message.id)?.child.stdin!.write(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
      return;
    }
    case 'end': {
      const queued = waiting.get(message.id);
      if (queued) queued.ended = true;
      else children.get(message.id)?.child.stdin!.end();
      return;
    }
    case 'kill':
      if (waiting.delete(message.id)) {
        // Never started: it ends as a killed process would.
        send({ op: 'close', id: message.id, code: null, signal: message.signal });
        return;
      }
      kill(message.id, message.signal, message.group);
  }
});

process.on('disconnect', () => {
  waiting.clear();
  for (const [id] of children) kill(id, 'SIGKILL', true);
  process.exit(0);
});
