// The speech process host (see process-host.ts): forked once by the media
// process, it starts espeak-ng and pocketsphinx on request and relays their
// stdin, stdout, stderr and exit over the IPC channel. It holds no calls and
// no timers, so its own forks are cheap and delay nothing. When the media
// process goes away (the channel closes) it kills what it started and exits.
import { spawn, type ChildProcess } from 'node:child_process';
import type { FromHost, ToHost } from './process-host.js';

const children = new Map<number, { child: ChildProcess; detached: boolean }>();
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

process.on('message', (message: ToHost) => {
  switch (message.op) {
    case 'spawn': {
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
        }
      });
      child.once('close', (code, signal) => {
        if (!children.delete(id)) return;
        send({ op: 'close', id, code, signal });
      });
      return;
    }
    case 'stdin': {
      const { data } = message;
      children.get(message.id)?.child.stdin!.write(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
      return;
    }
    case 'end':
      children.get(message.id)?.child.stdin!.end();
      return;
    case 'kill':
      kill(message.id, message.signal, message.group);
  }
});

process.on('disconnect', () => {
  for (const [id] of children) kill(id, 'SIGKILL', true);
  process.exit(0);
});
