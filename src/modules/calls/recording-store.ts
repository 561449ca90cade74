import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.js';

/**
 * Where recording audio lives. The local folder is the default; an object
 * store (S3, GCS) implements the same three calls. Keys are relative paths;
 * anything that would escape the folder is refused.
 */
export interface RecordingStore {
  put(key: string, data: Buffer): Promise<void>;
  open(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  has(key: string): Promise<boolean>;
}

/**
 * The store the configuration names (RECORDING_STORE). Every entry point builds its store here. The S3 store is
 * imported only when chosen: the SDK takes 150-200 ms to load, which the local default should not pay.
 */
export async function recordingStoreFrom(config: Pick<Config, 'recordings'>): Promise<RecordingStore> {
  const store = config.recordings.store;
  if (store.kind === 'local') return new LocalFolderStore(store.dir);
  const { S3Store } = await import('./s3-recording-store.js');
  return new S3Store(store);
}

export class LocalFolderStore implements RecordingStore {
  private readonly root: string;
  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    const full = resolve(this.root, key);
    if (!full.startsWith(this.root + sep)) throw new Error(`recording key escapes the store: ${key}`);
    return full;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, data);
  }

  async open(key: string) {
    const path = this.pathOf(key);
    try {
      const info = await stat(path);
      return { stream: createReadStream(path), size: info.size };
    } catch {
      return undefined;
    }
  }

  async has(key: string): Promise<boolean> {
    return stat(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }
}
