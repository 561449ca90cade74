import type { SpawnSpeechProcess } from '../process-host.js';

/**
 * The offline synthesizers' shared run: a shell pipeline (the synthesizer into sox, which writes raw 8 kHz PCM16)
 * in a process group of its own, the text on stdin (never an argument, so it cannot be read as an option), its
 * output yielded as it flows. Aborting (barge-in) kills the group and ends the iteration without an error; a
 * pipeline that fails or writes no audio throws, naming the synthesizer.
 */
export async function* synthesizeThrough(
  spawn: SpawnSpeechProcess,
  name: string,
  shell: string[],
  text: string,
  signal: AbortSignal | undefined,
): AsyncGenerator<Int16Array> {
  if (signal?.aborted) return;
  // Its own process group: a kill reaches the synthesizer and sox.
  const child = spawn('sh', ['-c', ...shell], { detached: true });
  const onAbort = (): void => void child.kill('SIGKILL', { group: true });
  signal?.addEventListener('abort', onAbort, { once: true });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    stderr = (stderr + d).slice(-2000);
  });
  const exited = new Promise<{ code: number | null; error?: Error }>((resolve) => {
    child.once('error', (error) => resolve({ code: null, error }));
    child.once('close', (code) => resolve({ code }));
  });
  child.stdin.on('error', () => {}); // EPIPE when the synthesizer died early: reported by its exit code
  child.stdin.end(text.replace(/\s+/g, ' ').trim() + '\n');
  try {
    let carry: Buffer | undefined;
    let samples = 0;
    for await (const data of child.stdout as AsyncIterable<Buffer>) {
      if (signal?.aborted) return;
      const bytes = carry ? Buffer.concat([carry, data]) : data;
      const even = bytes.length & ~1;
      carry = even < bytes.length ? Buffer.from(bytes.subarray(even)) : undefined;
      if (even === 0) continue;
      // A copy into its own aligned buffer: the chunk outlives the pipe's (pooled) one.
      const pcm = new Int16Array(even / 2);
      Buffer.from(pcm.buffer).set(bytes.subarray(0, even));
      samples += pcm.length;
      yield pcm;
    }
    const { code, error } = await exited;
    if (signal?.aborted) return;
    if (error) throw new Error(`${name} could not start: ${error.message}`);
    if (code !== 0) throw new Error(`${name} exited with ${code}: ${stderr.trim()}`);
    if (samples === 0) throw new Error(`${name} wrote no audio: ${stderr.trim()}`);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL', { group: true });
  }
}
