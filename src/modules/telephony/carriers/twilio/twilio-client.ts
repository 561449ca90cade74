import { DomainError } from '../../../errors.js';
import { dialTwiml } from './twiml.js';
import {
  providerError,
  wireRequest,
  type AvailableNumber,
  type FoundCall,
  type OwnedNumber,
  type PlaceCallInput,
  type PlacedCall,
  type SearchNumbersInput,
  type TelephonyProvider,
  type WireOptions,
  type WireResponse,
} from '../telephony-provider.js';

export interface TwilioCredentials {
  account_sid: string;
  auth_token: string;
}

export const TWILIO_BASE_URL = 'https://api.twilio.com';

/** The calls of a Calls list answer created since `since` (a malformed entry is skipped). */
function foundCalls(json: WireResponse['json'], since: Date): FoundCall[] {
  const list: unknown[] = Array.isArray(json?.calls) ? json.calls : [];
  return list.flatMap((c) => {
    const item = c as { sid?: unknown; status?: unknown; date_created?: unknown };
    const createdAt = typeof item.date_created === 'string' ? new Date(item.date_created) : null;
    if (typeof item.sid !== 'string' || !createdAt || Number.isNaN(createdAt.getTime()) || createdAt < since) return [];
    return [{ callId: item.sid, status: typeof item.status === 'string' ? item.status : 'queued', createdAt }];
  });
}

/** The numbers of an AvailablePhoneNumbers answer (one without a number is skipped). */
function availableNumbers(json: WireResponse['json'], country: string): AvailableNumber[] {
  const list: unknown[] = Array.isArray(json?.available_phone_numbers) ? json.available_phone_numbers : [];
  return list.flatMap((n) => {
    const item = n as { phone_number?: unknown; iso_country?: unknown; locality?: unknown; region?: unknown };
    if (typeof item.phone_number !== 'string') return [];
    return [
      {
        number: item.phone_number,
        country: typeof item.iso_country === 'string' ? item.iso_country : country,
        locality: typeof item.locality === 'string' ? item.locality : null,
        region: typeof item.region === 'string' ? item.region : null,
      },
    ];
  });
}

/**
 * Twilio's REST API, 2010-04-01: form-encoded POSTs, JSON answers, HTTP Basic
 * auth with the Account SID and auth token, errors as {code, message,
 * more_info, status}. Twilio accepts no idempotency key on call creation, so
 * placing a call once per key is done on our side (carrier_call_log).
 */
export function createTwilioClient(credentials: TwilioCredentials, wire: WireOptions): TelephonyProvider {
  const auth = `Basic ${Buffer.from(`${credentials.account_sid}:${credentials.auth_token}`).toString('base64')}`;
  const account = `/2010-04-01/Accounts/${encodeURIComponent(credentials.account_sid)}`;

  async function call(method: 'GET' | 'POST', path: string, form?: Record<string, string | string[] | undefined>, query?: Record<string, string | undefined>) {
    // A list is sent as the field repeated, as Twilio takes list parameters (StatusCallbackEvent).
    const fields = form
      ? Object.entries(form).flatMap(([k, v]) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).map((x): [string, string] => [k, x])))
      : [];
    const body = form ? new URLSearchParams(fields).toString() : undefined;
    const response = await wireRequest('Twilio', wire, method, path, {
      headers: { authorization: auth, ...(body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
      query,
    });
    if (response.status >= 200 && response.status < 300) return response;
    throw twilioError(response);
  }

  return {
    kind: 'twilio',
    async placeCall(input: PlaceCallInput): Promise<PlacedCall> {
      // Url is required unless Twiml is given; without a webhook the call just says nothing and hangs up.
      const { json } = await call('POST', `${account}/Calls.json`, {
        To: input.to,
        From: input.from,
        ...(input.twiml ? { Twiml: input.twiml } : input.webhookUrl ? { Url: input.webhookUrl } : { Twiml: '<Response><Hangup/></Response>' }),
        // The call's progress, posted signed to the platform (twilio-status.ts), and answering-machine detection:
        // AnsweredBy tells a person from a voicemail greeting.
        ...(input.statusCallbackUrl
          ? {
              StatusCallback: input.statusCallbackUrl,
              StatusCallbackMethod: 'POST',
              StatusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
              MachineDetection: 'Enable',
            }
          : {}),
      });
      if (typeof json?.sid !== 'string') throw new DomainError('BAD_GATEWAY', 'Twilio created a call without a sid', { provider: 'Twilio' });
      return { callId: json.sid, status: 'queued' };
    },
    async hangUp(callId: string): Promise<void> {
      await call('POST', `${account}/Calls/${encodeURIComponent(callId)}.json`, { Status: 'completed' });
    },
    async transferCall(callId: string, address: string): Promise<void> {
      // Updating a live call with new TwiML moves it off its Media Stream onto <Dial>.
      await call('POST', `${account}/Calls/${encodeURIComponent(callId)}.json`, { Twiml: dialTwiml(address) });
    },
    async findCalls(input): Promise<FoundCall[]> {
      // Calls list, filtered by To and From (and the day it started); date_created narrows it to the placement's time.
      const { json } = await call('GET', `${account}/Calls.json`, undefined, {
        To: input.to,
        From: input.from,
        'StartTime>': input.since.toISOString().slice(0, 10),
        PageSize: '50',
      });
      return foundCalls(json, input.since);
    },
    async searchNumbers(input: SearchNumbersInput): Promise<AvailableNumber[]> {
      const { json } = await call('GET', `${account}/AvailablePhoneNumbers/${encodeURIComponent(input.country)}/Local.json`, undefined, {
        AreaCode: input.areaCode,
        Contains: input.contains,
        PageSize: String(input.limit),
      });
      return availableNumbers(json, input.country);
    },
    async buyNumber(number: string): Promise<OwnedNumber> {
      const { json } = await call('POST', `${account}/IncomingPhoneNumbers.json`, { PhoneNumber: number });
      return { number, providerNumberId: typeof json?.sid === 'string' ? json.sid : null, status: 'active' };
    },
    async importNumber(number: string): Promise<OwnedNumber> {
      const { json } = await call('GET', `${account}/IncomingPhoneNumbers.json`, undefined, { PhoneNumber: number });
      const found = (Array.isArray(json?.incoming_phone_numbers) ? json.incoming_phone_numbers : []).find(
        (n: { phone_number?: unknown }) => n.phone_number === number,
      ) as { sid?: string } | undefined;
      if (!found) {
        throw new DomainError('NOT_FOUND', `The Twilio account does not hold ${number}`, {
          resource: 'Phone number',
          id: number,
          issues: [{ field: 'number', message: 'not a number of this Twilio account' }],
        });
      }
      return { number, providerNumberId: found.sid ?? null, status: 'active' };
    },
    async routeNumber(sid: string, voiceUrl: string, statusUrl?: string) {
      const number = `${account}/IncomingPhoneNumbers/${encodeURIComponent(sid)}.json`;
      const { json } = await call('GET', number);
      const text = (v: unknown) => (typeof v === 'string' ? v : null);
      const before = {
        voice_url: text(json?.voice_url),
        voice_method: text(json?.voice_method),
        ...(statusUrl ? { status_callback: text(json?.status_callback), status_callback_method: text(json?.status_callback_method) } : {}),
      };
      // The number's StatusCallback is how an inbound call's end reaches us (twilio-status.ts): Twilio posts the
      // call's final status there, signed like every callback, and names no callback in <Connect><Stream>.
      await call('POST', number, {
        VoiceUrl: voiceUrl,
        VoiceMethod: 'POST',
        ...(statusUrl ? { StatusCallback: statusUrl, StatusCallbackMethod: 'POST' } : {}),
      });
      return before;
    },
    async restoreNumber(sid: string, before: Record<string, string | null>) {
      await call('POST', `${account}/IncomingPhoneNumbers/${encodeURIComponent(sid)}.json`, {
        VoiceUrl: before.voice_url ?? '',
        VoiceMethod: before.voice_method ?? 'POST',
        // Numbers routed before the platform asked for status callbacks recorded none: leave theirs alone.
        ...('status_callback' in before ? { StatusCallback: before.status_callback ?? '', StatusCallbackMethod: before.status_callback_method ?? 'POST' } : {}),
      });
    },
    async validateCredentials(): Promise<void> {
      await call('GET', `${account}.json`);
    },
  };
}

function twilioError(response: WireResponse): DomainError {
  const body = response.json as { code?: unknown; message?: unknown } | null;
  const code = typeof body?.code === 'number' || typeof body?.code === 'string' ? body.code : null;
  const message = typeof body?.message === 'string' ? body.message : response.text.trim().slice(0, 200) || 'no message';
  return providerError('Twilio', response.status, code, message);
}
