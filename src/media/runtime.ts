import type { Logger } from 'pino';
import type { Orm } from '../db/orm.js';
import type { Config } from '../config.js';
import type { RecordingStore } from '../modules/calls/recording-store.js';
import { engineSettingsFrom } from '../modules/engine/engine-settings.js';
import type { Confirmations } from '../modules/engine/confirmations.js';
import { SipUserAgent } from './transports/sip/user-agent.js';
import { PortPool } from './rtp/port-pool.js';
import { PocketsphinxStt } from './speech/stt/pocketsphinx.js';
import { EspeakNgTts } from './speech/tts/espeak-ng.js';
import { answerInboundCall, type CallReport, type MediaDeps } from './answer-call.js';

export interface MediaRuntime {
  /** Where SIP is taken (host and the bound port: 0 in the config picks a free one). */
  sip: { host: string; port: number };
  /** Calls in progress in this process. */
  activeCalls(): number;
  stop(): Promise<void>;
}

export interface MediaRuntimeOptions {
  config: Config;
  orm: Orm;
  logger: Logger;
  recordings: RecordingStore;
  confirmations?: Confirmations;
  onCallFinished?: (report: CallReport) => void;
}

/**
 * The media role (`npm run media`, and inside `npm run dev`): a SIP user
 * agent on UDP whose inbound calls are answered by the agent their number
 * routes to, with the offline speech providers (espeak-ng, pocketsphinx).
 * The real-time audio loop lives here, never in a workflow (CONVENTIONS §6).
 * Processes scale out like workers: each owns its calls and its RTP ports.
 */
export async function startMediaRuntime(options: MediaRuntimeOptions): Promise<MediaRuntime> {
  const { config, logger } = options;
  const log = logger.child({ role: 'media' });
  const ua = await SipUserAgent.listen({
    host: config.media.sipHost,
    port: config.media.sipPort,
    publicAddress: config.media.publicAddress,
    logger: log,
  });
  const deps: MediaDeps = {
    orm: options.orm,
    engine: { orm: options.orm, settings: engineSettingsFrom(config), confirmations: options.confirmations },
    recordings: options.recordings,
    logger: log,
    pool: new PortPool({ min: config.media.rtpPortMin, max: config.media.rtpPortMax }),
    stt: new PocketsphinxStt({ logger: log }),
    tts: new EspeakNgTts(),
    rtpHost: config.media.sipHost,
    publicAddress: config.media.publicAddress,
    endOfTurnSilenceMs: config.media.endOfTurnSilenceMs,
    onCallFinished: options.onCallFinished,
  };
  const active = new Set<Promise<void>>();
  ua.onInvite((call) => {
    const running = answerInboundCall(deps, call)
      .catch((error: unknown) => log.error({ err: error }, 'inbound call failed'))
      .finally(() => active.delete(running));
    active.add(running);
  });
  log.info({ sip: ua.address }, 'media runtime listening');
  return {
    sip: { host: ua.address.address, port: ua.address.port },
    activeCalls: () => active.size,
    async stop() {
      await ua.close();
      // Calls in progress end with the process (their BYE went with the socket); wait a bounded while for their records.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled([...active]), new Promise((r) => (timer = setTimeout(r, 5000)))]);
      clearTimeout(timer);
    },
  };
}
