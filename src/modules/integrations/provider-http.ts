import { setTimeout as sleep } from 'node:timers/promises';
import { dispatcherFor, type EngineSettings } from '../engine/engine-settings.js';
import { DomainError } from '../errors.js';
import { OutboundRequestError, safeRequest, type SafeResponse } from '../outbound-http.js';

/** A tool call holds up a live conversation: a provider gets this long, and one retry after a short Retry-After. */
export const PROVIDER_TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 1024 * 1024;
/** A 429 whose Retry-After is at most this is retried once; a longer wait is reported instead (the caller is on the line). */
const MAX_RETRY_AFTER_SECONDS = 2;

export type ProviderErrorKind =
  | 'auth'
  | 'not_found'
  | 'conflict'
  | 'invalid'
  | 'rate_limited'
  | 'provider_error'
  | 'timeout'
  | 'network'
  | 'forbidden_address'
  | 'invalid_url'
  | 'unknown_host';

/**
 * What went wrong talking to a provider, in words a model (and an operator)
 * can act on. Clients throw only this; tools turn it into a failed tool
 * call, connect turns it into a problem (toDomainError).
 */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly kind: ProviderErrorKind,
    message: string,
    readonly status: number | null = null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export interface ProviderWire {
  settings: EngineSettings;
  timeoutMs?: number;
}

/**
 * One request to a provider through the guarded client (modules/outbound-http):
 * user-supplied addresses, so private ones are refused unless allowed. Every
 * status is returned; transport and policy failures become ProviderError. A
 * 429 with a short Retry-After is retried once.
 */
export async function providerRequest(
  provider: string,
  wire: ProviderWire,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<SafeResponse> {
  for (let attempt = 0; ; attempt++) {
    let response: SafeResponse;
    try {
      response = await safeRequest(url, {
        method: init.method,
        headers: init.headers,
        body: init.body,
        allowedHosts: wire.settings.allowedHosts,
        dispatcher: dispatcherFor(wire.settings),
        timeoutMs: wire.timeoutMs ?? PROVIDER_TIMEOUT_MS,
        maxBytes: MAX_RESPONSE_BYTES,
      });
    } catch (error) {
      if (!(error instanceof OutboundRequestError)) throw error;
      const kind = error.kind === 'too_many_redirects' || error.kind === 'too_large' ? 'provider_error' : error.kind;
      throw new ProviderError(provider, kind, `${provider}: ${error.message}`);
    }
    const retryAfter = response.status === 429 ? retryAfterSeconds(response.headers['retry-after']) : null;
    if (response.status === 429 && attempt === 0 && retryAfter !== null && retryAfter <= MAX_RETRY_AFTER_SECONDS) {
      await sleep(retryAfter * 1000);
      continue;
    }
    return response;
  }
}

/** Retry-After as seconds (delta or HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(value: string | undefined): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** The error of a non-2xx answer; `detail` is the provider's own message, read from its error body. */
export function statusError(provider: string, response: SafeResponse, detail: string): ProviderError {
  const status = response.status;
  const text = `${provider} answered ${status}: ${detail.slice(0, 300) || 'no message'}`;
  if (status === 401 || status === 403)
    return new ProviderError(provider, 'auth', `${provider} refused the credentials (${status}): ${detail.slice(0, 300)}`, status);
  if (status === 404) return new ProviderError(provider, 'not_found', text, status);
  if (status === 409 || status === 412) return new ProviderError(provider, 'conflict', text, status);
  if (status === 429) {
    const after = retryAfterSeconds(response.headers['retry-after']);
    return new ProviderError(provider, 'rate_limited', `${text}${after !== null ? ` (retry after ${after} s)` : ''}`, status, after);
  }
  if (status >= 500) return new ProviderError(provider, 'provider_error', text, status);
  return new ProviderError(provider, 'invalid', text, status);
}

export function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * A provider failure met while connecting, as a problem: refused
 * credentials, a missing calendar or a provider's 4xx are the caller's to
 * fix (422), and so is a host that does not exist in DNS (a typo); an address
 * the platform will not call is a 400 on `field`, a provider that is down or
 * unreachable a 502, its rate limit a 429.
 */
export function toDomainError(error: ProviderError, field: string): DomainError {
  const details = { provider: error.provider, provider_status: error.status };
  switch (error.kind) {
    case 'forbidden_address':
    case 'invalid_url':
      return new DomainError('VALIDATION_FAILED', error.message, {
        ...details,
        issues: [{ field, message: 'must be a public http(s) address the platform can call' }],
      });
    case 'unknown_host':
      return new DomainError('UNPROCESSABLE', error.message, { ...details, issues: [{ field, message: 'names a host that does not exist' }] });
    case 'rate_limited':
      return new DomainError('RATE_LIMITED', error.message, { ...details, retry_after_seconds: error.retryAfterSeconds });
    case 'provider_error':
    case 'timeout':
    case 'network':
      return new DomainError('BAD_GATEWAY', error.message, details);
    default:
      return new DomainError('UNPROCESSABLE', error.message, details);
  }
}
