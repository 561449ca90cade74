import { errors as undiciErrors, request, type Dispatcher } from 'undici';
import { DomainError } from '../../errors.js';
import { checkUrlHost, ForbiddenAddressError } from '../../outbound-http.js';
import type { CallOutcome, TelephonyProviderKind } from '../telephony.entity.js';

/**
 * One interface over the carriers (issue 5 item 1). The simulated carrier
 * answers from memory; Twilio and Telnyx are REST clients of their public
 * APIs. Numbers in and out are E.164. Failures are DomainErrors already
 * mapped for the edge (providerError): a provider's 4xx is the caller's
 * problem (422, 404, 429), its 5xx a 502, an unreachable provider a 503, so
 * a provider's trouble is never our 500.
 */
export interface PlaceCallInput {
  from: string;
  to: string;
  /** Derived from a business key (dial/<campaign>/<contact>/<attempt>): the same key never dials twice. */
  idempotencyKey: string;
  /** Where the provider fetches call instructions / posts events (TwiML URL, Telnyx webhook). */
  webhookUrl?: string;
  /** Where the provider posts the call's progress (Twilio's StatusCallback): the outcome is learned from it. */
  statusCallbackUrl?: string;
  /** Twilio: the call's instructions as a TwiML document (a Media Stream to the media runtime), instead of webhookUrl. */
  twiml?: string;
  /** Telnyx: where the answered call's bidirectional media stream goes (the media runtime). */
  streamUrl?: string;
}

export interface PlacedCall {
  callId: string;
  /** `queued` from real providers (the outcome arrives later by webhook); the simulated carrier knows it at once. */
  status: 'queued' | CallOutcome;
}

export interface SearchNumbersInput {
  /** ISO 3166 alpha-2, upper case. */
  country: string;
  areaCode?: string;
  contains?: string;
  limit: number;
}

export interface AvailableNumber {
  number: string;
  country: string;
  locality: string | null;
  region: string | null;
}

export interface OwnedNumber {
  number: string;
  providerNumberId: string | null;
  status: 'active' | 'pending';
}

export interface TelephonyProvider {
  readonly kind: TelephonyProviderKind;
  placeCall(input: PlaceCallInput): Promise<PlacedCall>;
  hangUp(callId: string): Promise<void>;
  /** Hands a live call to `address` (E.164 or a SIP URI): the carrier dials it and bridges the caller; absent: not supported. */
  transferCall?(callId: string, address: string): Promise<void>;
  /**
   * Points the number's calls at the platform (Twilio: its voice URL, `voiceUrl`; Telnyx: its connection, the Call
   * Control application) and returns how they were routed before; absent: the provider needs nothing. `statusUrl`
   * (Twilio): where the carrier posts how each inbound call to the number ended.
   */
  routeNumber?(providerNumberId: string, voiceUrl: string, statusUrl?: string): Promise<Record<string, string | null>>;
  /** Puts back the routing routeNumber returned. */
  restoreNumber?(providerNumberId: string, before: Record<string, string | null>): Promise<void>;
  /** Telnyx: answers a ringing inbound call, streaming its media to `streamUrl`; the call's later events go to `eventsUrl`. */
  answerCall?(callId: string, streamUrl: string, eventsUrl?: string): Promise<void>;
  /** Telnyx: refuses a ringing inbound call (nothing routes its number). */
  rejectCall?(callId: string): Promise<void>;
  searchNumbers(input: SearchNumbersInput): Promise<AvailableNumber[]>;
  buyNumber(number: string): Promise<OwnedNumber>;
  /** Looks the number up in the account: importing proves the account holds it. */
  importNumber(number: string): Promise<OwnedNumber>;
  /** Resolves when the credentials work; throws an UNPROCESSABLE DomainError when the provider refuses them. */
  validateCredentials(): Promise<void>;
  /**
   * Calls the account placed from `from` to `to` since `since` (newest
   * first), to settle a placement whose answer was lost. Only providers
   * without idempotency keys need it (Twilio); absent: not supported.
   */
  findCalls?(input: { from: string; to: string; since: Date }): Promise<FoundCall[]>;
}

export interface FoundCall {
  callId: string;
  status: string;
  createdAt: Date;
}

export interface WireOptions {
  baseUrl: string;
  allowedHosts: readonly string[];
  dispatcher: Dispatcher;
  timeoutMs?: number;
}

export interface WireResponse {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  text: string;
}

const MAX_RESPONSE_BYTES = 1024 * 1024;

/** One HTTP exchange with a provider through the guarded dispatcher; transport failures become 503s. */
export async function wireRequest(
  provider: string,
  options: WireOptions,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  init: { headers: Record<string, string>; body?: string; query?: Record<string, string | undefined> },
): Promise<WireResponse> {
  const url = new URL(options.baseUrl.replace(/\/+$/, '') + path);
  for (const [key, value] of Object.entries(init.query ?? {})) if (value !== undefined) url.searchParams.set(key, value);
  let response: Dispatcher.ResponseData;
  let text = '';
  try {
    checkUrlHost(url, options.allowedHosts);
    response = await request(url, {
      method,
      dispatcher: options.dispatcher,
      headers: { accept: 'application/json', ...init.headers },
      body: init.body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += (chunk as Buffer).length;
      if (size > MAX_RESPONSE_BYTES) {
        response.body.destroy();
        throw new DomainError('BAD_GATEWAY', `${provider} answered with more than ${MAX_RESPONSE_BYTES} bytes`, { provider });
      }
      chunks.push(chunk as Buffer);
    }
    text = Buffer.concat(chunks).toString('utf8');
  } catch (error) {
    throw transportError(provider, url, error);
  }
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    if (response.statusCode < 300) throw new DomainError('BAD_GATEWAY', `${provider} answered with something that is not JSON`, { provider });
  }
  return { status: response.statusCode, json, text };
}

function transportError(provider: string, url: URL, error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  const forbidden = error instanceof ForbiddenAddressError ? error : (error as { cause?: unknown })?.cause;
  if (forbidden instanceof ForbiddenAddressError) {
    return new DomainError('UNPROCESSABLE', `The ${provider} base URL is not allowed: ${forbidden.message}`, { provider });
  }
  const name = (error as Error)?.name;
  if (name === 'TimeoutError' || name === 'AbortError' || error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError) {
    return new DomainError('UNAVAILABLE', `${provider} at ${url.host} did not answer in time`, { provider });
  }
  return new DomainError('UNAVAILABLE', `Could not reach ${provider} at ${url.host}: ${(error as Error)?.message ?? String(error)}`, { provider });
}

/**
 * A provider's error answer as our problem. 401/403 mean the stored
 * credentials are wrong (422: the caller must fix the connection, and our own
 * 401 would read as "your token is bad"); 404 is a missing resource; 429 is
 * passed on; other 4xx a 422; 5xx a 502.
 */
export function providerError(provider: string, status: number, providerCode: string | number | null, message: string): DomainError {
  const details = { provider, provider_status: status, provider_code: providerCode };
  const text = `${provider} answered ${status}${providerCode !== null ? ` (code ${providerCode})` : ''}: ${message.slice(0, 300)}`;
  if (status === 401 || status === 403) return new DomainError('UNPROCESSABLE', `${provider} refused the credentials: ${text}`, details);
  if (status === 404) return new DomainError('NOT_FOUND', text, { ...details, resource: `${provider} resource` });
  if (status === 429) return new DomainError('RATE_LIMITED', text, details);
  if (status >= 500) return new DomainError('BAD_GATEWAY', text, details);
  return new DomainError('UNPROCESSABLE', text, details);
}
