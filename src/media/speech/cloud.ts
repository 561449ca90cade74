import { WebSocket, type Dispatcher } from 'undici';

/**
 * What every cloud speech client needs to reach a provider the organization
 * named (its base URL may be an override): the guarded dispatcher, whose
 * connect lookup refuses private and reserved addresses after DNS, and a
 * check for IP literals (which never reach a lookup). Both are injected by
 * media/call/resolve-speech.ts, so this folder stays free of platform imports.
 *
 * WebSockets go through undici's client, the same HTTP stack as every other
 * outbound call: it takes custom headers (Authorization) and a dispatcher,
 * so the SSRF guard applies to the upgrade request too. The `ws` package is
 * used only by the tests' fake servers (it would bring its own socket
 * handling past the guard).
 */
export interface CloudAccess {
  dispatcher: Dispatcher;
  /** Throws when the URL's host is a forbidden IP literal (modules/outbound-http checkUrlHost). */
  checkUrl: (url: URL) => void;
}

/** `https://api.x.com` → `wss://api.x.com` (base URLs are registered as http(s), like every other provider's). */
export function webSocketUrl(base: string, path: string): URL {
  const url = new URL(`${base.replace(/\/+$/, '')}${path}`);
  if (url.protocol === 'https:') url.protocol = 'wss:';
  else if (url.protocol === 'http:') url.protocol = 'ws:';
  return url;
}

/** Opens a WebSocket through the guard; resolves once open, rejects with the reason it could not be. */
export function openWebSocket(url: URL, headers: Record<string, string>, access: CloudAccess, signal?: AbortSignal): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    try {
      access.checkUrl(new URL(url.toString().replace(/^ws/, 'http')));
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    const ws = new WebSocket(url, { headers, dispatcher: access.dispatcher });
    ws.binaryType = 'arraybuffer';
    const onAbort = () => ws.close();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    ws.addEventListener(
      'open',
      () => {
        settle();
        resolve(ws);
      },
      { once: true },
    );
    ws.addEventListener(
      'close',
      (event) => {
        settle();
        // undici reports no cause (a refused handshake, an unreachable host and a refused address all read 1006).
        reject(
          new Error(
            `could not open a WebSocket to ${url.host}${event.reason ? `: ${event.reason}` : ` (close code ${event.code}: refused, unreachable or not an allowed address)`}`,
          ),
        );
      },
      { once: true },
    );
  });
}

/** The message text of a WebSocket frame (providers answer JSON in text frames). */
export function frameText(data: unknown): string {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return String(data);
}

/**
 * A queue between a socket's callbacks and an async generator: the socket
 * pushes chunks, ends or fails it; the generator awaits the next item.
 */
export class ChunkQueue<T> {
  private items: T[] = [];
  private done = false;
  private error: Error | undefined;
  private wake: (() => void) | undefined;

  push(item: T): void {
    if (this.done) return;
    this.items.push(item);
    this.notify();
  }

  end(error?: Error): void {
    if (this.done) return;
    this.done = true;
    this.error = error;
    this.notify();
  }

  async *drain(): AsyncGenerator<T> {
    for (;;) {
      if (this.items.length) {
        yield this.items.shift()!;
        continue;
      }
      if (this.done) {
        if (this.error) throw this.error;
        return;
      }
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

/** PCM16 little-endian bytes to samples, carrying an odd byte over to the next piece. */
export class Pcm16Decoder {
  private carry = Buffer.alloc(0);

  push(data: Uint8Array): Int16Array {
    const all = this.carry.length ? Buffer.concat([this.carry, data]) : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const even = all.length - (all.length % 2);
    this.carry = Buffer.from(all.subarray(even));
    const pcm = new Int16Array(even / 2);
    for (let i = 0; i < pcm.length; i++) pcm[i] = all.readInt16LE(i * 2);
    return pcm;
  }
}

/** Samples as PCM16 little-endian bytes (what linear16 providers take). */
export function pcm16Bytes(pcm: Int16Array): Buffer {
  const out = Buffer.alloc(pcm.length * 2);
  for (let i = 0; i < pcm.length; i++) out.writeInt16LE(pcm[i], i * 2);
  return out;
}
