import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets the platform must use later in plain text (a model provider's API
 * key), kept in the database encrypted with AES-256-GCM under the key of
 * config `ENCRYPTION_KEY`. The stored form is versioned,
 * `v1:<iv>:<tag>:<ciphertext>` (base64url parts), so a later key rotation or
 * algorithm can add `v2` and still read `v1`. GCM authenticates: a value that
 * was altered, or encrypted under another key, fails to decrypt instead of
 * decrypting to garbage.
 *
 * `context` (e.g. the organization id) is bound as additional authenticated
 * data: a ciphertext copied into another organization's row does not decrypt.
 */
const VERSION = 'v1';
const IV_BYTES = 12;

export class SecretDecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretDecryptionError';
  }
}

function checkKey(key: Buffer) {
  if (key.length !== 32) throw new Error(`The encryption key must be 32 bytes, not ${key.length}`);
}

export function encryptSecret(key: Buffer, plaintext: string, context = ''): string {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join(':');
}

export function decryptSecret(key: Buffer, stored: string, context = ''): string {
  checkKey(key);
  const parts = stored.split(':');
  if (parts.length !== 4 || parts[0] !== VERSION) {
    throw new SecretDecryptionError(`Unknown secret format (expected ${VERSION}:<iv>:<tag>:<ciphertext>)`);
  }
  const [, iv, tag, ciphertext] = parts.map((p, i) => (i === 0 ? Buffer.alloc(0) : Buffer.from(p, 'base64url')));
  if (iv.length !== IV_BYTES || tag.length !== 16) throw new SecretDecryptionError('Malformed secret');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    // Node says only "Unsupported state or unable to authenticate data"; say what it means here.
    throw new SecretDecryptionError('The secret does not decrypt: it was changed, or encrypted under another ENCRYPTION_KEY');
  }
}
