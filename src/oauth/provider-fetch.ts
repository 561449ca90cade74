import { safeRequest } from '../modules/outbound-http.js';
import { pooledDispatcher } from '../modules/outbound-pool.js';

/**
 * oidc-provider's outbound `fetch` (configuration `fetch`), which it uses for
 * Client ID Metadata Documents (a `client_id` that is an https URL: anyone
 * can make the server fetch it) and would use for a client's `jwks_uri` or
 * `sector_identifier_uri`. It goes through the platform's SSRF guard
 * (modules/outbound-http.ts): private, loopback and reserved addresses are
 * refused after DNS unless OUTBOUND_ALLOWED_HOSTS names them (tests:
 * 127.0.0.1), redirects are not followed (the provider asks for
 * `redirect: 'manual'` and wants exactly a 200), one timeout covers the
 * exchange and the body is cut off. The provider's own body limits apply on
 * top (5 KiB for a metadata document). Its own dispatcher and signal are
 * replaced by ours.
 */
const TIMEOUT_MS = 2_500;
const MAX_BYTES = 64 * 1024;
/** Statuses whose Response must not carry a body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

export function providerFetch(allowedHosts: readonly string[]) {
  return async (url: URL | string, init: RequestInit = {}): Promise<Response> => {
    const headers: Record<string, string> = {};
    // The provider sends an empty user-agent (to not identify itself); an empty header is dropped instead.
    new Headers(init.headers).forEach((value, name) => {
      if (value) headers[name] = value;
    });
    const res = await safeRequest(String(url), {
      method: init.method ?? 'GET',
      headers,
      body: typeof init.body === 'string' ? init.body : undefined,
      allowedHosts,
      dispatcher: pooledDispatcher(allowedHosts),
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_BYTES,
      maxRedirects: 0,
    });
    return new Response(NULL_BODY.has(res.status) ? null : new Uint8Array(res.bytes ?? Buffer.from(res.text)), { status: res.status, headers: res.headers });
  };
}
