import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The carriers' media stream addresses, and the TwiML documents the platform
 * gives Twilio (twilio-voice.ts, telnyx-voice.ts, place-call.ts,
 * media/carrier-streams.ts).
 */
/** The path Twilio opens a call's Media Stream on, naming its carrier log row. */
export const TWILIO_STREAM_PATH = /^\/carriers\/twilio\/stream\/([A-Za-z0-9_-]{1,40})$/;

/** The WebSocket address under PUBLIC_URL (http → ws, https → wss). */
export function streamBaseUrl(publicUrl: string): string {
  return publicUrl.replace(/^http(s?):/i, 'ws$1:');
}

export function twilioStreamUrl(publicUrl: string, callLogId: string): string {
  return `${streamBaseUrl(publicUrl)}/carriers/twilio/stream/${encodeURIComponent(callLogId)}`;
}

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

const xml = (text: string): string => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/**
 * TwiML that connects the call to a bidirectional Media Stream at `url`; when the stream ends the call ends. Such a
 * stream is µ-law at 8 kHz both ways whatever the caller's codec (Twilio transcodes; <Stream> takes no codec), so it
 * needs no codec asked for, unlike Telnyx's (telnyx-client.ts). How the call ended reaches the number's status
 * callback (twilio-status.ts): <Stream>'s own statusCallback reports only the stream, not the call.
 */
export function connectStreamTwiml(url: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Stream url="${xml(url)}"/></Connect></Response>`;
}

/** TwiML that hands the call to `address` (E.164 or a SIP URI): what a transfer redirects a live call to. */
export function dialTwiml(address: string): string {
  const target = /^sips?:/i.test(address) ? `<Sip>${xml(address)}</Sip>` : `<Number>${xml(address)}</Number>`;
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Dial>${target}</Dial></Response>`;
}

/** TwiML that refuses a call (nothing routes the number): Twilio tells the caller it is busy, and nothing is billed. */
export function rejectTwiml(): string {
  return '<?xml version="1.0" encoding="UTF-8"?><Response><Reject reason="busy"/></Response>';
}
