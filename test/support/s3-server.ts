import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { request } from 'undici';
import { S3_SERVER_VERSION, s3ServerArgs, s3ServerPath } from '../../src/dev/s3-server-binary.js';
import { freePort } from './ports.js';

/**
 * versitygw (an S3 gateway, src/dev/s3-server-binary.ts) on a free loopback
 * port, its posix backend in a temporary folder (buckets are folders, objects
 * files; metadata in a sidecar folder, so no extended attributes are needed)
 * and one root user with fixed keys. Nothing is skipped: without the binary
 * the suite fails with the way to build it (scripts/test.sh builds it).
 */
export const S3_ACCESS_KEY_ID = 'vp-test-access';
export const S3_SECRET_ACCESS_KEY = 'vp-test-secret-0123456789';
export const S3_REGION = 'us-east-1';

export interface S3Server {
  endpoint: string;
  /** The posix backend's root: `<root>/<bucket>/<key>` is an object's file. */
  root: string;
  createBucket(name: string): Promise<void>;
  stop(): Promise<void>;
}

function binary(): string {
  const found = s3ServerPath();
  if (!found) {
    throw new Error(
      `The S3 store tests need versitygw ${S3_SERVER_VERSION}, which is not built: run ` +
        '`node_modules/.bin/node --import tsx scripts/ensure-s3-server.ts` (it builds it with Go into ~/.cache/voice-agent-platform; ' +
        'scripts/test.sh does this) or set S3_SERVER_PATH to a versitygw binary',
    );
  }
  return found;
}

export async function startS3Server(): Promise<S3Server> {
  const exe = binary();
  const dir = mkdtempSync(join(tmpdir(), 'vp-s3-'));
  const root = join(dir, 'data');
  const sidecar = join(dir, 'meta');
  mkdirSync(root);
  mkdirSync(sidecar);
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  // A Go program writing to a pipe whose reader is gone dies of SIGPIPE: its output goes to a file.
  const logPath = join(dir, 'versitygw.log');
  const logFd = openSync(logPath, 'w');
  const args = s3ServerArgs({ port, accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY, region: S3_REGION, root, sidecar });
  const child = spawn(exe, args, { stdio: ['ignore', logFd, logFd], env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir } });
  closeSync(logFd);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const output = () => (existsSync(logPath) ? readFileSync(logPath, 'utf8').slice(-2000) : '');

  let ready = false;
  for (let i = 0; i < 100 && child.exitCode === null; i++) {
    try {
      const res = await request(`${endpoint}/health`);
      await res.body.dump();
      ready = res.statusCode === 200;
      if (ready) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000).unref())]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  if (!ready) {
    const log = output();
    await stop();
    throw new Error(`versitygw did not start on ${endpoint}: ${log}`);
  }

  const admin = new S3Client({
    endpoint,
    region: S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY },
  });
  return {
    endpoint,
    root,
    async createBucket(name) {
      await admin.send(new CreateBucketCommand({ Bucket: name }));
    },
    async stop() {
      admin.destroy();
      await stop();
    },
  };
}
