import type { Em } from '../../../../db/orm.js';
import { carrierCall } from '../../calls/carrier-progress.js';
import { streamBaseUrl } from '../stream-url.js';
import type { TwilioCredentials } from './twilio-client.js';
import { verifyTwilioSignature } from './twilio-signature.js';

/** The path Twilio opens a call's Media Stream on, naming its carrier log row. */
export const TWILIO_STREAM_PATH = /^\/carriers\/twilio\/stream\/([A-Za-z0-9_-]{1,40})$/;

export function twilioStreamUrl(publicUrl: string, callLogId: string): string {
  return `${streamBaseUrl(publicUrl)}/carriers/twilio/stream/${encodeURIComponent(callLogId)}`;
}

/**
 * Checks who opens a Twilio Media Stream before it is accepted (media/call/carrier-streams.ts): X-Twilio-Signature over
 * the wss:// address (Twilio's Media Streams security guide: the address, no parameters, the account's auth token),
 * the address being PUBLIC_URL's (or, without one, ws:// and the request's Host) and the request's path. Returns the
 * HTTP status refusing it (404: no Twilio call here under that id; 403: a bad or missing signature), or 0.
 */
export async function authenticateTwilioStream(
  em: Em,
  encryptionKey: Buffer,
  callLogId: string,
  request: { publicUrl: string | undefined; host: string | undefined; path: string | undefined; signature: string | undefined },
): Promise<number> {
  const call = await carrierCall<TwilioCredentials>(em, encryptionKey, callLogId, 'twilio');
  if (!call) return 404;
  const base = request.publicUrl ? streamBaseUrl(request.publicUrl) : `ws://${request.host ?? ''}`;
  return verifyTwilioSignature(call.credentials.auth_token, base + (request.path ?? ''), {}, request.signature) ? 0 : 403;
}
