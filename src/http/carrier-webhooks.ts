import type Router from '@koa/router';
import type { AppDeps } from '../deps.js';
import type { RateLimiter } from '../edge/limits.js';
import { publicBaseUrl } from '../edge/base-url.js';
import { parseInput } from '../modules/validation.js';
import { engineSettingsFrom } from '../modules/engine/engine-settings.js';
import { CarrierCallPath } from '../modules/telephony/telephony.schemas.js';
import {
  recordTwilioNumberStatus,
  recordTwilioStatus,
  TWILIO_NUMBER_STATUS_ROUTE,
  TWILIO_STATUS_ROUTE,
} from '../modules/telephony/carriers/twilio/twilio-status.js';
import { answerTwilioVoice, TWILIO_VOICE_ROUTE } from '../modules/telephony/carriers/twilio/twilio-voice.js';
import { answerTelnyxVoice, TELNYX_VOICE_ROUTE } from '../modules/telephony/carriers/telnyx/telnyx-voice.js';
import { recordTelnyxEvent, TELNYX_EVENTS_ROUTE } from '../modules/telephony/carriers/telnyx/telnyx-events.js';

/**
 * The carriers' webhooks: Twilio's and Telnyx's voice webhooks (a call to one of their numbers) and the status
 * callbacks of calls (how a call went). They carry no headers of ours and are not in the API reference: each is
 * checked by the carrier's own signature (Twilio's X-Twilio-Signature over the address it was given, PUBLIC_URL and
 * this path, and the form it posts; Telnyx's Ed25519 signature over its timestamp and the raw body), in the carrier's module
 * (modules/telephony/carriers/). `limiter` is the app's request limiter.
 */
export function registerCarrierWebhooks(router: Router, deps: AppDeps, limiter: RateLimiter): void {
  registerTwilioWebhooks(router, deps, limiter);
  registerTelnyxWebhooks(router, deps, limiter);
}

function registerTwilioWebhooks(router: Router, deps: AppDeps, limiter: RateLimiter): void {
  // A status callback of a call placed through Twilio. The id in its path is checked first: it keys the rate
  // limiter and a query.
  router.post(TWILIO_STATUS_ROUTE, async (ctx) => {
    const { call_log_id: callLogId } = parseInput(CarrierCallPath, ctx.params, 'path');
    await limiter.take(`carrier-callback:${callLogId}`);
    const signature = ctx.get('x-twilio-signature');
    await recordTwilioStatus(deps.orm.em.fork(), deps.config.secrets.encryptionKey, {
      callLogId,
      url: publicBaseUrl(deps.config, ctx) + ctx.originalUrl,
      params: (ctx.request.body ?? {}) as Record<string, string>,
      signature: signature || undefined,
    });
    ctx.status = 204;
  });
  // How an inbound call to a number at Twilio ended: the number's own status callback, the call found by its CallSid.
  router.post(TWILIO_NUMBER_STATUS_ROUTE, async (ctx) => {
    await limiter.take(`carrier-callback:${ctx.ip}`);
    const signature = ctx.get('x-twilio-signature');
    await recordTwilioNumberStatus(deps.orm.em.fork(), deps.config.secrets.encryptionKey, {
      url: publicBaseUrl(deps.config, ctx) + ctx.originalUrl,
      params: (ctx.request.body ?? {}) as Record<string, string>,
      signature: signature || undefined,
    });
    ctx.status = 204;
  });
  // A call to a number at Twilio: TwiML connecting its audio to the media runtime (twilio-voice.ts).
  router.post(TWILIO_VOICE_ROUTE, async (ctx) => {
    await limiter.take(`carrier-voice:${String((ctx.request.body as Record<string, unknown> | undefined)?.To ?? '')}`);
    const signature = ctx.get('x-twilio-signature');
    const publicUrl = publicBaseUrl(deps.config, ctx);
    ctx.type = 'text/xml';
    ctx.body = await answerTwilioVoice(deps.orm.em.fork(), deps.config.secrets.encryptionKey, {
      url: publicUrl + ctx.originalUrl,
      params: (ctx.request.body ?? {}) as Record<string, string>,
      signature: signature || undefined,
      publicUrl,
    });
  });
}

function registerTelnyxWebhooks(router: Router, deps: AppDeps, limiter: RateLimiter): void {
  // A call to a number of a Telnyx Call Control application: answered with a media stream (telnyx-voice.ts).
  router.post(TELNYX_VOICE_ROUTE, async (ctx) => {
    const body = ctx.request.body as { data?: { payload?: { to?: unknown } } } | undefined;
    await limiter.take(`carrier-voice:${String(body?.data?.payload?.to ?? '')}`);
    await answerTelnyxVoice(deps.orm.em.fork(), engineSettingsFrom(deps.config), {
      rawBody: ctx.request.rawBody ?? '',
      body: ctx.request.body,
      signature: ctx.get('telnyx-signature-ed25519') || undefined,
      timestamp: ctx.get('telnyx-timestamp') || undefined,
      publicUrl: publicBaseUrl(deps.config, ctx),
    });
    ctx.status = 204;
  });
  // A later event of a call (answered, hangup): settles its carrier log row (telnyx-events.ts).
  router.post(TELNYX_EVENTS_ROUTE, async (ctx) => {
    const { call_log_id: callLogId } = parseInput(CarrierCallPath, ctx.params, 'path');
    await limiter.take(`carrier-callback:${callLogId}`);
    await recordTelnyxEvent(deps.orm.em.fork(), deps.config.secrets.encryptionKey, {
      callLogId,
      rawBody: ctx.request.rawBody ?? '',
      body: ctx.request.body,
      signature: ctx.get('telnyx-signature-ed25519') || undefined,
      timestamp: ctx.get('telnyx-timestamp') || undefined,
    });
    ctx.status = 204;
  });
}
