import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { binaryCacheDir, findGo, goInstall } from '../temporal/cli-binary.js';

/**
 * versitygw, an S3 gateway whose posix backend keeps buckets as folders and
 * objects as files: the S3-compatible server the S3 recording store is tested
 * against (decision 0030). Not on npm; built with Go from the module proxy into
 * the per-user cache like the Temporal binaries. S3_SERVER_PATH names a binary
 * already built.
 */
export const S3_SERVER_VERSION = 'v1.8.0';
const PACKAGE = 'github.com/versity/versitygw/cmd/versitygw';

/** Where the binary is, without building it: S3_SERVER_PATH, else the per-user cache; undefined when neither has it. */
export function s3ServerPath(): string | undefined {
  const explicit = process.env.S3_SERVER_PATH;
  if (explicit) {
    if (!existsSync(explicit)) throw new Error(`S3_SERVER_PATH=${explicit} does not exist`);
    return explicit;
  }
  const cached = join(binaryCacheDir(`versitygw-${S3_SERVER_VERSION}`), 'versitygw');
  return existsSync(cached) ? cached : undefined;
}

/** The binary, built with Go into the cache when it is not there yet (a few minutes the first time). */
export async function findS3Server(log: (msg: string) => void = () => {}): Promise<string> {
  const found = s3ServerPath();
  if (found) return found;
  const dir = binaryCacheDir(`versitygw-${S3_SERVER_VERSION}`);
  const go = findGo();
  if (!go) throw new Error(`versitygw ${S3_SERVER_VERSION} is not in ${dir} and Go is not installed to build it: install Go, or set S3_SERVER_PATH`);
  log(`Building versitygw ${S3_SERVER_VERSION} with Go into ${dir} (first time only, a few minutes)...`);
  const built = join(dir, 'versitygw');
  await goInstall(go, dir, [`${PACKAGE}@${S3_SERVER_VERSION}`], [built]);
  log('versitygw built.');
  return built;
}

export interface S3ServerSettings {
  /** Loopback port it listens on. */
  port: number;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** The posix backend's root: `<root>/<bucket>/<key>` is an object's file. */
  root: string;
  /** Where object metadata is kept (a sidecar folder, so no extended attributes are needed). */
  sidecar: string;
}

/** versitygw's arguments for a loopback gateway with one root user, a /health route and the posix backend. */
export function s3ServerArgs(s: S3ServerSettings): string[] {
  return [
    '--port',
    `127.0.0.1:${s.port}`,
    '--access',
    s.accessKeyId,
    '--secret',
    s.secretAccessKey,
    '--region',
    s.region,
    '--health',
    '/health',
    'posix',
    '--sidecar',
    s.sidecar,
    s.root,
  ];
}
