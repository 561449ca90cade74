import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { S3Store, type S3StoreOptions } from '../../src/modules/calls/s3-recording-store.js';
import { S3_ACCESS_KEY_ID, S3_REGION, S3_SECRET_ACCESS_KEY, startS3Server, type S3Server } from '../support/s3-server.js';

// The S3 recording store against a real S3-compatible server (versitygw, posix backend on a temporary folder).
const BUCKET = 'vp-recordings';
let server: S3Server;
const stores: S3Store[] = [];

function store(options: Partial<S3StoreOptions> = {}): S3Store {
  const s = new S3Store({
    bucket: BUCKET,
    region: S3_REGION,
    endpoint: server.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY },
    ...options,
  });
  stores.push(s);
  return s;
}

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  server = await startS3Server();
  await server.createBucket(BUCKET);
}, 30_000);
afterAll(async () => {
  for (const s of stores) s.close();
  await server?.stop();
});

describe('S3Store', () => {
  it('stores, finds and streams back the exact bytes and size', async () => {
    const s = store();
    const data = randomBytes(300_000); // several socket reads, not one chunk
    expect(await s.has('org_1/sess_1.wav')).toBe(false);
    await s.put('org_1/sess_1.wav', data);
    expect(await s.has('org_1/sess_1.wav')).toBe(true);
    const file = await s.open('org_1/sess_1.wav');
    expect(file?.size).toBe(data.length);
    expect((await read(file!.stream)).equals(data)).toBe(true);
    // The object is the file the gateway keeps for that key: the key maps one to one.
    expect(readFileSync(join(server.root, BUCKET, 'org_1', 'sess_1.wav')).equals(data)).toBe(true);
    // Overwriting replaces the object.
    await s.put('org_1/sess_1.wav', Buffer.from('short'));
    const again = await s.open('org_1/sess_1.wav');
    expect(again?.size).toBe(5);
    expect((await read(again!.stream)).toString()).toBe('short');
  });

  it('reads a missing key as undefined and false', async () => {
    const s = store();
    expect(await s.open('org_1/never-written.wav')).toBeUndefined();
    expect(await s.has('org_1/never-written.wav')).toBe(false);
  });

  it('refuses keys that are absolute or escape, before any request', async () => {
    const s = store();
    for (const key of ['../outside.wav', 'org_1/../../outside.wav', '/etc/passwd', 'a/./b.wav', 'a//b.wav', '']) {
      await expect(s.put(key, Buffer.from('x'))).rejects.toThrow(/refused by the S3 store/);
      await expect(s.open(key)).rejects.toThrow(/refused by the S3 store/);
      await expect(s.has(key)).rejects.toThrow(/refused by the S3 store/);
    }
    expect(existsSync(join(server.root, 'outside.wav'))).toBe(false);
    expect(existsSync(join(server.root, BUCKET, 'outside.wav'))).toBe(false);
  });

  it('keeps every object under its prefix', async () => {
    const prefixed = store({ prefix: '/tenant-a/recordings/' });
    const data = randomBytes(1000);
    await prefixed.put('calls/one.wav', data);
    expect(prefixed.objectKey('calls/one.wav')).toBe('tenant-a/recordings/calls/one.wav');
    expect(readFileSync(join(server.root, BUCKET, 'tenant-a', 'recordings', 'calls', 'one.wav')).equals(data)).toBe(true);
    expect(await prefixed.has('calls/one.wav')).toBe(true);
    // Without the prefix the same key names nothing; with it spelled out, the same object.
    const plain = store();
    expect(await plain.has('calls/one.wav')).toBe(false);
    expect(await plain.has('tenant-a/recordings/calls/one.wav')).toBe(true);
    expect(() => store({ prefix: 'a/../b' })).toThrow(/prefix "a\/..\/b" is refused/);
  });

  it('throws on wrong credentials instead of reporting the recording missing', async () => {
    await store().put('org_1/kept.wav', Buffer.from('kept'));
    const wrongSecret = store({ credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: 'not-the-secret' } });
    await expect(wrongSecret.open('org_1/kept.wav')).rejects.toThrow(/S3 GET vp-recordings\/org_1\/kept.wav failed \(HTTP 403/);
    await expect(wrongSecret.open('org_1/never-written.wav')).rejects.toThrow(/HTTP 403/);
    await expect(wrongSecret.has('org_1/never-written.wav')).rejects.toThrow(/S3 HEAD .* failed \(HTTP 403/);
    await expect(wrongSecret.put('org_1/other.wav', Buffer.from('x'))).rejects.toThrow(
      /S3 PUT vp-recordings\/org_1\/other.wav failed \(HTTP 403, SignatureDoesNotMatch\)/,
    );
    // versitygw answers an unknown access key with 404 (AWS: 403 InvalidAccessKeyId); still an error, not "missing".
    const unknownKey = store({ credentials: { accessKeyId: 'nobody', secretAccessKey: S3_SECRET_ACCESS_KEY } });
    await expect(unknownKey.open('org_1/kept.wav')).rejects.toThrow(/S3 GET vp-recordings\/org_1\/kept.wav failed \(HTTP 404, XAdminUserNotFound\)/);
    await expect(unknownKey.has('org_1/kept.wav')).rejects.toThrow(/S3 bucket vp-recordings was not found .*access key/);
    expect(existsSync(join(server.root, BUCKET, 'org_1', 'other.wav'))).toBe(false);
  });

  it('throws for a bucket that does not exist, though HEAD answers it with a bare 404', async () => {
    const s = store({ bucket: 'no-such-bucket' });
    await expect(s.has('org_1/a.wav')).rejects.toThrow(/S3 bucket no-such-bucket was not found \(HTTP 404\): check S3_BUCKET/);
    await expect(s.open('org_1/a.wav')).rejects.toThrow(/S3 GET no-such-bucket\/org_1\/a.wav failed \(HTTP 404, NoSuchBucket/);
    await expect(s.put('org_1/a.wav', Buffer.from('x'))).rejects.toThrow(/S3 PUT no-such-bucket\/org_1\/a.wav failed \(HTTP 404, NoSuchBucket/);
  });

  it('throws when the server cannot be reached', async () => {
    const s = store({ endpoint: 'http://127.0.0.1:9' });
    await expect(s.has('org_1/a.wav')).rejects.toThrow(/S3 HEAD vp-recordings\/org_1\/a.wav failed: .*ECONNREFUSED/);
  }, 30_000);
});
