import { Readable } from 'node:stream';
import { GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { RecordingStore } from './recording-store.js';

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server's address (MinIO, versitygw, Ceph, R2, ...); AWS itself when absent. */
  endpoint?: string;
  /** Prepended to every key with a `/` (`recordings` stores `a/b.wav` as `recordings/a/b.wav`). */
  prefix?: string;
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name: what most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** Without them the SDK's default chain applies (environment, shared files, web identity, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * Recordings as objects in an S3 bucket. The keys are the local store's
 * relative paths under an optional prefix. S3 does not resolve `..`, but some
 * gateways map keys onto a file system, so keys that are absolute or carry
 * `.`, `..` or empty segments are refused here as the local store refuses
 * escapes: one key names the same recording in either store.
 *
 * A missing object reads as undefined (`open`) or false (`has`); every other
 * failure (credentials, permissions, a missing bucket, the network) throws.
 * S3 answers HEAD of a missing key with a bare 404, the same as a missing
 * bucket (and versitygw also answers an unknown access key so), so the first
 * such 404 checks the bucket once. On AWS, a principal
 * without s3:ListBucket gets 403 for a missing key: grant it, or `has` throws.
 */
export class S3Store implements RecordingStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private bucketSeen = false;

  constructor(options: S3StoreOptions) {
    this.bucket = options.bucket;
    this.prefix = normalizePrefix(options.prefix);
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // No timeouts by default in the SDK: a stalled server would hold a download request forever. The idle limit
      // applies while a body streams too, so it is generous for listeners that pause.
      requestHandler: { connectionTimeout: 5_000, socketTimeout: 60_000 },
    });
  }

  /** The object key of a recording key (the prefix included). */
  objectKey(key: string): string {
    const problem = keyProblem(key);
    if (problem) throw new Error(`recording key ${JSON.stringify(key)} is refused by the S3 store: ${problem}`);
    return this.prefix + key;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const Key = this.objectKey(key);
    try {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: data, ContentLength: data.length }));
    } catch (error) {
      throw storeError('PUT', this.bucket, Key, error);
    }
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | undefined> {
    const Key = this.objectKey(key);
    let object;
    try {
      object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
    } catch (error) {
      if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return undefined;
      throw storeError('GET', this.bucket, Key, error);
    }
    const body = object.Body;
    if (!(body instanceof Readable) || object.ContentLength === undefined) {
      if (body instanceof Readable) body.destroy();
      throw new Error(`S3 GET ${this.bucket}/${Key} answered without a streamable body and its length`);
    }
    return { stream: body, size: object.ContentLength };
  }

  async has(key: string): Promise<boolean> {
    const Key = this.objectKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return true;
    } catch (error) {
      if (!isNotFound(error)) throw storeError('HEAD', this.bucket, Key, error);
    }
    await this.ensureBucket();
    return false;
  }

  /** Closes the client's pooled connections. */
  close(): void {
    this.client.destroy();
  }

  private async ensureBucket() {
    if (this.bucketSeen) return;
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      if (isNotFound(error)) {
        throw new Error(
          `S3 bucket ${this.bucket} was not found (HTTP 404): check S3_BUCKET, and the access key (some servers, versitygw among them, answer an unknown key with 404)`,
          { cause: error },
        );
      }
      throw storeError('HEAD bucket', this.bucket, '', error);
    }
    this.bucketSeen = true;
  }
}

function keyProblem(key: string): string | undefined {
  if (key === '') return 'it is empty';
  if (key.startsWith('/')) return 'it is absolute';
  const segments = key.split('/');
  if (segments.includes('..')) return 'it has a `..` segment';
  if (segments.includes('.') || segments.includes('')) return 'it has an empty or `.` segment';
  return undefined;
}

/** `recordings`, `recordings/` and `/recordings/` all store under `recordings/`; an empty prefix stores at the root. */
function normalizePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return '';
  const problem = keyProblem(trimmed);
  if (problem) throw new Error(`S3 key prefix ${JSON.stringify(prefix)} is refused: ${problem}`);
  return `${trimmed}/`;
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
}

/** The SDK's message for a bare status (HEAD has no body) is `UnknownError`: name the request and the status. */
function storeError(what: string, bucket: string, key: string, error: unknown): Error {
  const status = error instanceof S3ServiceException ? ` (HTTP ${error.$metadata.httpStatusCode ?? '?'}, ${error.name})` : '';
  const reason = error instanceof Error ? error.message : String(error);
  return new Error(`S3 ${what} ${bucket}/${key} failed${status}: ${reason}`, { cause: error });
}
