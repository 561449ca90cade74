/**
 * The TwiML documents the platform gives Twilio (twilio-voice.ts, twilio-client.ts, calls/place-call.ts).
 */

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
