import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Em } from '../../../../db/orm.js';
import { carrierCall } from '../../calls/carrier-progress.js';
import { streamBaseUrl } from '../stream-url.js';

/** The path Telnyx opens a call's media stream on: its carrier log row and the row's token (Telnyx signs no handshake). */
export const TELNYX_STREAM_PATH = /^\/carriers\/telnyx\/stream\/([A-Za-z0-9_-]{1,40})\/([A-Za-z0-9_-]{43})$/;

/** A call's stream token: HMAC-SHA256 of its carrier log id under the platform's key, so only Telnyx, given it, opens it. */
function streamToken(key: Buffer, callLogId: string): string {
  return createHmac('sha256', key).update(`telnyx-stream:${callLogId}`).digest('base64url');
}

export function telnyxStreamUrl(publicUrl: string, key: Buffer, callLogId: string): string {
  return `${streamBaseUrl(publicUrl)}/carriers/telnyx/stream/${encodeURIComponent(callLogId)}/${streamToken(key, callLogId)}`;
}

export function verifyStreamToken(key: Buffer, callLogId: string, token: string): boolean {
  const expected = Buffer.from(streamToken(key, callLogId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Checks who opens a Telnyx media stream before it is accepted (media/call/carrier-streams.ts): Telnyx signs no
 * handshake, so the row's token in the address the platform gave it. Returns the HTTP status refusing it (404: no
 * Telnyx call here under that id; 403: a bad token), or 0.
 */
export async function authenticateTelnyxStream(em: Em, encryptionKey: Buffer, callLogId: string, token: string | undefined): Promise<number> {
  const call = await carrierCall(em, encryptionKey, callLogId, 'telnyx');
  if (!call) return 404;
  return verifyStreamToken(encryptionKey, callLogId, token ?? '') ? 0 : 403;
}
