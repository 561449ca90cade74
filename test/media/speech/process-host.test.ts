import { describe, it, expect, afterAll } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ProcessHost, spawnDirect, type SpeechProcess } from '../../../src/media/speech/process-host.js';
import { EspeakNgTts } from '../../../src/media/speech/tts/espeak-ng.js';
import { PocketsphinxStt } from '../../../src/media/speech/stt/pocketsphinx.js';
import { speak } from './audio.js';

const collect = async (proc: SpeechProcess) => {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  proc.stdout.on('data', (d: Buffer) => out.push(d));
  proc.stderr.on('data', (d: Buffer) => err.push(d));
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => proc.once('close', (c, s) => resolve([c, s])));
  return { stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString(), code, signal };
};

/** Running (a zombie waiting for its reaper counts as gone). */
const alive = (pid: number): boolean => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

describe('ProcessHost: speech processes started from a helper process', () => {
  const host = new ProcessHost();
  afterAll(() => host.close());

  it('relays stdin, stdout (binary, byte for byte), stderr and the exit code', async () => {
    const input = Buffer.alloc(300_000);
    for (let i = 0; i < input.length; i++) input[i] = (i * 7919) & 0xff;
    const proc = host.spawn('sh', ['-c', 'cat; echo oops >&2; exit 3']);
    proc.stdin.write(input.subarray(0, 100_000));
    proc.stdin.end(input.subarray(100_000));
    const { stdout, stderr, code } = await collect(proc);
    expect(stdout.equals(input)).toBe(true);
    expect(stderr).toBe('oops\n');
    expect(code).toBe(3);
    expect(proc.exitCode).toBe(3);
    expect(host.running).toBe(0);
  });

  it('kills a process, or with group its whole process group', async () => {
    const single = host.spawn('sleep', ['30']);
    setTimeout(() => single.kill('SIGTERM'), 50);
    expect((await collect(single)).signal).toBe('SIGTERM');

    // `sh -c 'sleep & wait'` in its own group: killing the group ends the sleep too, so the pipe closes at once.
    const group = host.spawn('sh', ['-c', 'sleep 30 & echo $!; wait'], { detached: true });
    let sleeper = 0;
    group.stdout.once('data', (d: Buffer) => {
      sleeper = Number(d.toString().trim());
      group.kill('SIGKILL', { group: true });
    });
    const started = performance.now();
    expect((await collect(group)).signal).toBe('SIGKILL');
    expect(performance.now() - started).toBeLessThan(5000);
    expect(sleeper).toBeGreaterThan(0);
    expect(alive(sleeper)).toBe(false); // the group's sleep is gone
  });

  it('reports a command that does not exist as an error, then a close', async () => {
    const proc = host.spawn('no-such-binary-here', []);
    const error = new Promise<Error>((resolve) => proc.once('error', resolve));
    const { code } = await collect(proc);
    expect((await error).message).toMatch(/ENOENT/);
    expect(code).toBeNull();
  });

  it('closes what it held with an error when the helper dies, and starts a new helper for the next spawn', async () => {
    const proc = host.spawn('sh', ['-c', 'echo $PPID; sleep 30']);
    const helperPid = await new Promise<number>((resolve) => proc.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))));
    const error = new Promise<Error>((resolve) => proc.once('error', resolve));
    process.kill(helperPid, 'SIGKILL');
    const { code } = await collect(proc);
    expect((await error).message).toMatch(/host exited/);
    expect(code).toBeNull();
    const again = await collect(host.spawn('echo', ['back']));
    expect(again.stdout.toString()).toBe('back\n');
  });

  it('runs espeak-ng and pocketsphinx exactly as a direct spawn does', async () => {
    const text = 'Your appointment is on Tuesday at ten';
    const audio = async (tts: EspeakNgTts) => {
      const chunks: Int16Array[] = [];
      for await (const c of tts.synthesize(text, { voice: 'nova', language: 'en-US' })) chunks.push(c);
      return Buffer.concat(chunks.map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength)));
    };
    const hosted = await audio(new EspeakNgTts('espeak-ng', host.spawn));
    const direct = await audio(new EspeakNgTts('espeak-ng', spawnDirect));
    expect(hosted.length).toBeGreaterThan(8000 * 2);
    expect(hosted.equals(direct)).toBe(true);

    const stt = new PocketsphinxStt({ spawn: host.spawn });
    const stream = stt.start({ sampleRate: 8000, language: 'en-US', phrases: [text, 'cancel my appointment'] });
    const pcm = await speak(text);
    for (let i = 0; i < pcm.length; i += 160) stream.write(pcm.subarray(i, i + 160));
    expect((await stream.finish()).text).toBe(text.toLowerCase());
  });

  it('runs what it starts below the media process (niceness) and at most maxRunning at once, the rest in order with their stdin kept', async () => {
    const limited = new ProcessHost({ niceness: 10, maxRunning: 2 });
    try {
      // Each prints its own niceness; cat echoes its stdin, which the queued third one gets once a slot frees.
      const niceness = await collect(limited.spawn('sh', ['-c', 'ps -o ni= -p $$']));
      expect(niceness.stdout.toString().trim()).toBe('10');
      const started: string[] = [];
      const first = limited.spawn('sh', ['-c', 'echo first; sleep 0.6']);
      const second = limited.spawn('sh', ['-c', 'echo second; sleep 0.6']);
      const third = limited.spawn('cat', []);
      third.stdin.write('queued input\n');
      third.stdin.end();
      for (const [name, proc] of [
        ['first', first],
        ['second', second],
        ['third', third],
      ] as const)
        proc.stdout.once('data', () => started.push(name));
      const t0 = performance.now();
      const outs = [collect(first), collect(second)];
      const thirdOut = await collect(third);
      const waitedMs = performance.now() - t0;
      await Promise.all(outs);
      expect(thirdOut.stdout.toString()).toBe('queued input\n');
      expect(started.at(-1)).toBe('third'); // after first and second, in either order
      expect(waitedMs).toBeGreaterThan(400); // it waited for a slot
      // A queued process that is killed ends without ever starting.
      const a = limited.spawn('sleep', ['5']);
      const b = limited.spawn('sleep', ['5']);
      const queued = limited.spawn('sleep', ['5']);
      const ends = [a, b, queued].map(collect);
      queued.kill('SIGTERM');
      expect((await ends[2]).code).toBeNull();
      a.kill('SIGKILL');
      b.kill('SIGKILL');
      await Promise.all(ends);
    } finally {
      await limited.close();
    }
  });

  it('leaves nothing running when closed', async () => {
    const other = new ProcessHost();
    const proc = other.spawn('sh', ['-c', 'echo $PPID; sleep 30']);
    const helperPid = await new Promise<number>((resolve) => proc.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))));
    await other.close();
    await new Promise((r) => setTimeout(r, 200));
    expect(alive(helperPid)).toBe(false);
    expect(spawnSync('pgrep', ['-P', String(helperPid)]).status).toBe(1);
    expect(() => other.spawn('echo', [])).toThrow(/closed/);
  });
});
