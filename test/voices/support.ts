import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { synthesizeWav } from '../../src/modules/calls/wav.js';

/** A voice-like WAV: alternating tones (voiced, a clear pitch) of `seconds`, 16-bit mono. */
export const speechWav = (seconds: number, tones = [150, 180], sampleRate = 8000) => synthesizeWav({ seconds, sampleRate, tones });

export const b64 = (buffer: Buffer) => buffer.toString('base64');

/** A PCM WAV of `seconds` of silence. */
export function silentWav(seconds: number, sampleRate = 8000): Buffer {
  const wav = synthesizeWav({ seconds, sampleRate, tones: [100] });
  wav.fill(0, 44);
  return wav;
}

/** A 32-bit float WAV (format 3): a real WAV file, but not integer PCM. */
export function floatWav(seconds: number, sampleRate = 8000): Buffer {
  const wav = synthesizeWav({ seconds, sampleRate, tones: [150] });
  wav.writeUInt16LE(3, 20);
  return wav;
}

export interface SampleServer {
  url: (path: string) => string;
  close(): Promise<void>;
}

/** A local HTTP server answering fixed bodies by path (sample URLs; OUTBOUND_ALLOWED_HOSTS lets the app reach 127.0.0.1). */
export async function sampleServer(files: Record<string, Buffer>): Promise<SampleServer> {
  const server: Server = createServer((req, res) => {
    const body = files[req.url ?? ''];
    if (!body) {
      res.statusCode = 404;
      return res.end('not found');
    }
    res.setHeader('content-type', 'audio/wav');
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path) => `${base}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
