import { createHmac, timingSafeEqual } from 'node:crypto';

/** A form body as the body parser gives it: a repeated field is an array of its values. */
export type FormParams = Record<string, string | string[] | undefined>;

/** One field of a form body: the last value of a repeated one. */
export function formField(params: FormParams, name: string): string | undefined {
  const value = params[name];
  return Array.isArray(value) ? value[value.length - 1] : value;
}

/**
 * Twilio's request signature (X-Twilio-Signature), by its documented
 * algorithm: the full URL Twilio was given (scheme through query string),
 * then each POST parameter sorted by name (case-sensitive, byte order), its
 * name and value appended with no delimiters (a repeated parameter once per
 * value, in order), signed with HMAC-SHA1 keyed by the account's auth token
 * and encoded in base64.
 */
export function twilioSignature(authToken: string, url: string, params: FormParams): string {
  let signed = url;
  for (const name of Object.keys(params).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    const value = params[name];
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) signed += name + v;
  }
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}

/** Whether `header` is Twilio's signature of this request, compared in constant time; a missing header is not. */
export function verifyTwilioSignature(authToken: string, url: string, params: FormParams, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
