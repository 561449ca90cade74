import { DomainError } from '../../../errors.js';
import {
  providerError,
  wireRequest,
  type AvailableNumber,
  type OwnedNumber,
  type PlaceCallInput,
  type PlacedCall,
  type SearchNumbersInput,
  type TelephonyProvider,
  type WireOptions,
  type WireResponse,
} from '../telephony-provider.js';

export interface TelnyxCredentials {
  api_key: string;
  /** The Call Control application (its "connection_id") calls are placed through; needed only to place calls. */
  call_control_app_id?: string;
  /** The account's Ed25519 public key (base64, from the Telnyx portal): it verifies the call events Telnyx posts. */
  public_key?: string;
}

export const TELNYX_BASE_URL = 'https://api.telnyx.com';

/**
 * Telnyx API v2: JSON in and out, Bearer API key, answers wrapped in
 * {data}, errors as {errors: [{code, title, detail}]}. Call creation takes
 * an `Idempotency-Key` header, so a retried dial is deduplicated by Telnyx
 * as well as by our carrier_call_log.
 */
/**
 * A bidirectional media stream of the inbound track, µ-law both ways (Telnyx Media Streaming). `stream_codec` asks
 * Telnyx to transcode what it streams to us: without it Telnyx streams the call's own codec, and an A-law (PCMA)
 * caller's audio reached the media runtime as PCMA (issue 29); `stream_bidirectional_codec` is what we send back.
 */
function streamParams(streamUrl: string) {
  return {
    stream_url: streamUrl,
    stream_track: 'inbound_track',
    stream_codec: 'PCMU',
    stream_bidirectional_mode: 'rtp',
    stream_bidirectional_codec: 'PCMU',
  };
}

export function createTelnyxClient(credentials: TelnyxCredentials, wire: WireOptions): TelephonyProvider {
  const headers = { authorization: `Bearer ${credentials.api_key}` };

  async function call(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    body?: unknown,
    extra: { query?: Record<string, string | undefined>; headers?: Record<string, string> } = {},
  ) {
    const response = await wireRequest('Telnyx', wire, method, path, {
      headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...extra.headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      query: extra.query,
    });
    if (response.status >= 200 && response.status < 300) return response;
    throw telnyxError(response);
  }

  return {
    kind: 'telnyx',
    async placeCall(input: PlaceCallInput): Promise<PlacedCall> {
      if (!credentials.call_control_app_id) {
        throw new DomainError('UNPROCESSABLE', 'This Telnyx connection has no call_control_app_id: add one to place calls', {
          issues: [{ field: 'credentials.call_control_app_id', message: 'required to place calls through Telnyx' }],
        });
      }
      const { json } = await call(
        'POST',
        '/v2/calls',
        {
          connection_id: credentials.call_control_app_id,
          to: input.to,
          from: input.from,
          // The call's events, posted signed to the platform (telnyx-events.ts), with answering-machine detection.
          ...(input.webhookUrl ? { webhook_url: input.webhookUrl } : input.statusCallbackUrl ? { webhook_url: input.statusCallbackUrl } : {}),
          ...(input.statusCallbackUrl ? { webhook_url_method: 'POST', answering_machine_detection: 'detect' } : {}),
          // Answered, the call's audio goes both ways over a WebSocket to the media runtime (µ-law RTP payloads).
          ...(input.streamUrl ? streamParams(input.streamUrl) : {}),
        },
        { headers: { 'idempotency-key': input.idempotencyKey } },
      );
      const id = json?.data?.call_control_id;
      if (typeof id !== 'string') throw new DomainError('BAD_GATEWAY', 'Telnyx created a call without a call_control_id', { provider: 'Telnyx' });
      return { callId: id, status: 'queued' };
    },
    async hangUp(callId: string): Promise<void> {
      await call('POST', `/v2/calls/${encodeURIComponent(callId)}/actions/hangup`, {});
    },
    async transferCall(callId: string, address: string): Promise<void> {
      await call('POST', `/v2/calls/${encodeURIComponent(callId)}/actions/transfer`, { to: address });
    },
    async answerCall(callId: string, streamUrl: string, eventsUrl?: string): Promise<void> {
      // webhook_url: the call's later events (answered, hangup) go to its own signed address (telnyx-events.ts), so
      // an inbound call's carrier log row learns how it ended, as an outbound one does.
      await call('POST', `/v2/calls/${encodeURIComponent(callId)}/actions/answer`, {
        ...streamParams(streamUrl),
        ...(eventsUrl ? { webhook_url: eventsUrl, webhook_url_method: 'POST' } : {}),
      });
    },
    async rejectCall(callId: string): Promise<void> {
      await call('POST', `/v2/calls/${encodeURIComponent(callId)}/actions/reject`, { cause: 'CALL_REJECTED' });
    },
    async searchNumbers(input: SearchNumbersInput): Promise<AvailableNumber[]> {
      const { json } = await call('GET', '/v2/available_phone_numbers', undefined, {
        query: {
          'filter[country_code]': input.country,
          'filter[national_destination_code]': input.areaCode,
          'filter[phone_number][contains]': input.contains,
          'filter[limit]': String(input.limit),
        },
      });
      const list: unknown[] = Array.isArray(json?.data) ? json.data : [];
      return list.flatMap((n) => {
        const item = n as { phone_number?: unknown; region_information?: { region_type?: string; region_name?: string }[] };
        if (typeof item.phone_number !== 'string') return [];
        const region = (type: string) => item.region_information?.find((r) => r.region_type === type)?.region_name ?? null;
        return [{ number: item.phone_number, country: input.country, locality: region('rate_center'), region: region('state') }];
      });
    },
    async buyNumber(number: string): Promise<OwnedNumber> {
      const { json } = await call('POST', '/v2/number_orders', { phone_numbers: [{ phone_number: number }] });
      const ordered = (json?.data?.phone_numbers ?? []).find((n: { phone_number?: string }) => n.phone_number === number) as
        { id?: string; status?: string } | undefined;
      // An order is asynchronous at Telnyx: it may still be pending when it is answered.
      return { number, providerNumberId: ordered?.id ?? null, status: ordered?.status === 'success' ? 'active' : 'pending' };
    },
    async importNumber(number: string): Promise<OwnedNumber> {
      const { json } = await call('GET', '/v2/phone_numbers', undefined, { query: { 'filter[phone_number]': number } });
      const found = (Array.isArray(json?.data) ? json.data : []).find((n: { phone_number?: unknown }) => n.phone_number === number) as
        { id?: string } | undefined;
      if (!found) {
        throw new DomainError('NOT_FOUND', `The Telnyx account does not hold ${number}`, {
          resource: 'Phone number',
          id: number,
          issues: [{ field: 'number', message: 'not a number of this Telnyx account' }],
        });
      }
      return { number, providerNumberId: found.id ?? null, status: 'active' };
    },
    async routeNumber(id: string) {
      // A Telnyx number's calls go to its connection: the Call Control application whose webhook is PUBLIC_URL/carriers/telnyx/voice.
      if (!credentials.call_control_app_id) {
        throw new DomainError('UNPROCESSABLE', 'This Telnyx connection has no call_control_app_id: add one to take calls to its numbers', {
          issues: [{ field: 'credentials.call_control_app_id', message: 'required to route numbers to the platform' }],
        });
      }
      const number = `/v2/phone_numbers/${encodeURIComponent(id)}`;
      const { json } = await call('GET', number);
      const before = { connection_id: typeof json?.data?.connection_id === 'string' ? json.data.connection_id : null };
      await call('PATCH', number, { connection_id: credentials.call_control_app_id });
      return before;
    },
    async restoreNumber(id: string, before: Record<string, string | null>) {
      await call('PATCH', `/v2/phone_numbers/${encodeURIComponent(id)}`, { connection_id: before.connection_id ?? null });
    },
    async validateCredentials(): Promise<void> {
      await call('GET', '/v2/balance');
    },
  };
}

function telnyxError(response: WireResponse): DomainError {
  const first = (response.json as { errors?: { code?: unknown; title?: unknown; detail?: unknown }[] } | null)?.errors?.[0];
  const code = typeof first?.code === 'string' || typeof first?.code === 'number' ? first.code : null;
  const message = [first?.title, first?.detail].filter((s) => typeof s === 'string').join(': ') || response.text.trim().slice(0, 200) || 'no message';
  return providerError('Telnyx', response.status, code, message);
}
