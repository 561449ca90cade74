import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Orm } from '../../db/orm.js';
import { Agent, AgentVersion } from '../../modules/agents/agents.entity.js';
import { converse, recordConversation, type ConverseStep, type EngineDeps } from '../../modules/engine/run-conversation.js';
import type { RecordingStore } from '../../modules/calls/recording-store.js';
import { resolveSpeech } from './resolve-speech.js';
import { defaultEngineSettings } from '../../modules/engine/engine-settings.js';
import type { ReferResult } from '../transports/sip/call.js';
import type { SipUserAgent } from '../transports/sip/user-agent.js';
import type { RtpSessionStats } from '../transports/sip/rtp-session.js';
import type { PortPool } from '../rtp/port-pool.js';
import type { LiveMedia } from '../transports/call-transport.js';
import type { StreamStats } from '../transports/stream/stream-call-media.js';
import { TurnDetector } from '../turn/turn-detector.js';
import { Vad } from '../turn/vad.js';
import type { SpeechToText } from '../speech/speech-to-text.js';
import type { TextToSpeech } from '../speech/text-to-speech.js';
import { DEFAULT_COMPLETE_TURN_SILENCE_MS, LiveParty, type BargeInMetrics, type TurnMetrics } from './live-party.js';
import { agentPhrases } from './agent-phrases.js';
import { holdLiveCall, type MediaNode } from './hold-call.js';

/** What a finished call measured. */
export interface CallReport {
  sessionId: string;
  metrics: TurnMetrics[];
  bargeIns: BargeInMetrics[];
  /** Replies that went on after a backchannel or a noise held them. */
  resumes: number;
  /** SIP calls: the RTP session's figures. */
  rtp?: RtpSessionStats;
  /** Calls over a WebSocket media stream (Twilio, Telnyx, the browser): the stream's figures. */
  stream?: StreamStats;
}

export interface MediaDeps {
  orm: Orm;
  engine: EngineDeps;
  recordings: RecordingStore;
  logger: Logger;
  pool: PortPool;
  stt: SpeechToText;
  tts: TextToSpeech;
  /** The address RTP is bound on, and the one put in SDP (they differ behind NAT). */
  rtpHost: string;
  publicAddress: string;
  endOfTurnSilenceMs: number;
  /** Called when a call was recorded, with its turn timings and RTP figures (tests and bench/ read them). */
  onCallFinished?: (report: CallReport) => void;
  /**
   * Whether this process holds as many talking calls as it takes (MEDIA_MAX_CALLS): new ones are refused as busy.
   * `asking`: calls not yet counted (a stream asks before its call is tracked; an INVITE is tracked already).
   */
  atCapacity?: (asking?: number) => boolean;
  maxCalls?: number;
  /** Counts a call that is not an INVITE nor a stream (an outbound dial) as one of the process's talking calls until it settles. */
  track?: (call: Promise<void>) => void;
  /** How long an outbound dial waits for room below maxCalls before it is settled busy (MEDIA_DIAL_WAIT_MS). */
  dialWaitMs?: number;
  /** The process's SIP user agent: outbound calls (dial-call.ts) are placed through it. */
  ua?: SipUserAgent;
  /** The process as a Temporal participant: calls are then held durably (hold-call.ts). */
  node?: MediaNode;
}

/** A connected call, either direction: who it is for, its media, and the far party's address. */
export interface LiveCall {
  organizationId: string;
  projectId: string;
  agentId: string;
  versionId: string;
  direction: 'inbound' | 'outbound' | 'web';
  /** Our number on the call: the one dialled (inbound) or the caller id we sent (outbound). */
  phoneNumber: string | null;
  sessionId: string;
  media: LiveMedia;
  /** The far party: the caller (inbound) or the number dialled (outbound). */
  caller: string;
  startedAt: Date;
  log: Logger;
  /** Known before the call (an outbound call's variables): recorded on the session unless the agent set its own. */
  variables?: Record<string, string>;
  /** Hands the far party to `address` (a phone number or SIP URI) with SIP REFER; absent: a transfer just hangs up. */
  transfer?: (address: string) => Promise<ReferResult>;
}

/**
 * Runs the agent's version with the live party on `media` until the
 * conversation ends, hangs up if the far end has not (after the agent's last
 * words), and records the session with its stereo recording. Both call
 * directions come here once media flows.
 */
export async function runLiveConversation(deps: MediaDeps, live: LiveCall): Promise<void> {
  const { sessionId, media, log } = live;
  const em = deps.orm.em.fork();
  const agent = await em.findOneOrFail(Agent, { id: live.agentId });
  const version = await em.findOneOrFail(AgentVersion, { id: live.versionId });
  const config = version.config;
  let hungUpByRequest = false;
  const mediaEnded = new Promise<void>((resolve) => (media.isEnded ? resolve() : media.on('ended', () => resolve())));
  const release = await holdLiveCall(deps.orm, deps.node, {
    sessionId,
    organizationId: live.organizationId,
    projectId: live.projectId,
    agentId: agent.id,
    agentName: agent.name,
    versionId: version.id,
    direction: live.direction,
    caller: live.caller,
    phoneNumber: live.phoneNumber,
    startedAt: live.startedAt,
    hangup: (cause) => {
      hungUpByRequest = true;
      return media.hangup(cause);
    },
    mediaEnded,
    log,
  });
  log.info({ session_id: sessionId }, 'live call: the conversation starts');
  try {
    await converseAndRecord(deps, live, config, () => hungUpByRequest);
    release();
  } catch (error) {
    release(error as Error); // unrecorded: its workflow finalizes it
    throw error;
  }
}

async function converseAndRecord(deps: MediaDeps, live: LiveCall, config: AgentVersion['config'], hungUpByRequest: () => boolean): Promise<void> {
  const { sessionId, media, log } = live;
  const em = deps.orm.em.fork();
  const preparing = performance.now();
  // The organization's cloud providers for the agent's voice, else the offline ones (resolveSpeech).
  const speech = await resolveSpeech(em, live.organizationId, config.voice, deps.engine.settings ?? defaultEngineSettings(), { stt: deps.stt, tts: deps.tts });
  for (const note of speech.notes) log.warn(note);
  const endOfTurnSilenceMs = config.turn_taking?.end_of_turn_silence_ms ?? deps.endOfTurnSilenceMs;
  const party = new LiveParty({
    transport: media,
    turns: new TurnDetector(await Vad.create(3), { endOfTurnSilenceMs }),
    // A complete phrase ends the turn sooner, never later than the full wait.
    completeTurnSilenceMs: Math.min(config.turn_taking?.complete_turn_silence_ms ?? DEFAULT_COMPLETE_TURN_SILENCE_MS, endOfTurnSilenceMs ?? Infinity),
    stt: speech.stt,
    tts: speech.tts,
    voice: speech.voice,
    language: config.language,
    phrases: await agentPhrases(em, live.agentId, config),
    log: (message, data) => log.debug(data ?? {}, message),
    warn: (message, data) => log.warn({ session_id: sessionId, ...data }, message),
  });
  // Each step between the answer and the greeting is logged once: a call that stays silent shows where it stopped.
  log.info({ session_id: sessionId, ms: Math.round(performance.now() - preparing) }, 'live call: speech and turn detection ready');
  const input = {
    organizationId: live.organizationId,
    projectId: live.projectId,
    agentId: live.agentId,
    versionId: live.versionId,
    direction: live.direction,
    kind: 'live' as const,
    caller: { address: live.caller },
    phoneNumber: live.phoneNumber,
    sessionId,
    startedAt: live.startedAt,
  };
  let ran: Awaited<ReturnType<typeof converse>> | undefined;
  const opening = openingSteps(log, sessionId, () => media.seen());
  const oneWay = setTimeout(() => {
    const seen = media.seen();
    if (seen.received === 0 && !media.isEnded) log.warn({ session_id: sessionId, rtp: seen }, 'live call: no audio from the caller yet (one-way audio?)');
  }, NO_CALLER_AUDIO_MS).unref();
  try {
    ran = await converse(deps.engine, input, party, opening.step);
  } catch (error) {
    log.error({ err: error }, 'live call: the conversation failed');
  } finally {
    opening.stop();
    clearTimeout(oneWay);
  }
  // The agent ended the call: its last words are on the wire first, then BYE.
  if (!(await drained(media))) log.debug('live call: caller hung up before the goodbye was played');
  const transfer = ran?.call.outcome?.reason === 'transferred' ? ran.call.transfer : null;
  let handedOver = transfer !== null && live.transfer !== undefined;
  if (ran && transfer && live.transfer && !media.isEnded) {
    const referred = await live.transfer(transfer.address).catch((): ReferResult => ({ accepted: false, status: 500 }));
    log.info({ address: transfer.address, ...referred }, 'live call: transfer by REFER');
    transfer.entries.push({ speaker: 'system', text: referNote(transfer.address, referred), atMs: Math.max(0, ran.call.clock - transfer.startMs) });
    if (!referred.accepted) {
      // Nobody took the caller: the agent says so before hanging up, and the call is not counted as transferred.
      ran.call.note(`The transfer to ${transfer.address} was refused (${referred.status}).`);
      if (!media.isEnded) {
        await ran.call.speak(TRANSFER_REFUSED_LINE).catch(() => {});
        await drained(media);
      }
      ran.call.outcome = null;
      ran.call.end('ended', 'agent_hangup');
      handedOver = false;
    }
  }
  // After an accepted REFER the far side holds the caller: our leg ends with BYE (unless it already sent one).
  await media.hangup(handedOver ? 'transfer' : 'agent_hangup').catch(() => {});
  if (!ran) return;
  // The far end's frames broke the stream's protocol and we closed it: the call failed, it was not hung up by anyone.
  if (media.fault && ran.call.outcome?.reason === 'customer_hangup') {
    ran.call.outcome = null;
    ran.call.note(`The media stream was closed: ${media.fault}.`);
    ran.call.end('failed', 'error');
  }
  // Hung up through REST or MCP: the caller heard the platform end the call, not silence.
  if (hungUpByRequest() && ran.call.outcome?.reason === 'customer_hangup') {
    ran.call.outcome = null;
    ran.call.note('The call was hung up through the API.');
    ran.call.end('ended', 'agent_hangup');
  }
  for (const [key, value] of Object.entries(live.variables ?? {})) if (!ran.call.variables.has(key)) ran.call.variables.set(key, value);
  const wav = media.recording();
  let recording = null;
  if (wav) {
    const storageKey = `${live.organizationId}/${sessionId}-${randomBytes(4).toString('hex')}.wav`;
    await deps.recordings.put(storageKey, wav);
    recording = { storageKey, durationSeconds: Math.max(1, Math.ceil(media.recorder!.durationMs / 1000)), sizeBytes: wav.length };
  }
  await recordConversation(deps.engine, input, ran, { recording, replacesLiveSession: true });
  deps.onCallFinished?.({ sessionId, metrics: party.metrics, bargeIns: party.bargeIns, resumes: party.resumes, ...media.finalStats() });
  log.info({ session_id: sessionId, turns: party.metrics.length }, 'live call recorded');
}

/** A call whose first message is not out this long after the conversation began is logged with the step it stands at. */
const OPENING_WARN_MS = [5_000, 15_000];

/**
 * The steps of a call up to its first message: logged once with their times when the first message is out,
 * and as a warning with the last step done when it takes longer than OPENING_WARN_MS (a silent call shows where
 * it stopped).
 */
function openingSteps(log: Logger, sessionId: string, rtp: () => object) {
  const began = performance.now();
  const steps: Partial<Record<ConverseStep, number>> = {};
  let last: ConverseStep | 'none' = 'none';
  const timers = OPENING_WARN_MS.map((ms) =>
    setTimeout(() => log.warn({ session_id: sessionId, last_step: last, steps, ms, rtp: rtp() }, 'live call: no first message yet'), ms).unref(),
  );
  return {
    step: (step: ConverseStep) => {
      last = step;
      steps[step] = Math.round(performance.now() - began);
      if (step === 'first message spoken') {
        timers.forEach(clearTimeout);
        log.info({ session_id: sessionId, steps, rtp: rtp() }, 'live call: first message out');
      }
    },
    stop: () => timers.forEach(clearTimeout),
  };
}

/** A caller whose audio has not arrived this long after the answer is logged: one-way audio (NAT, a firewall, a wrong SDP address). */
const NO_CALLER_AUDIO_MS = 5_000;

/** What the agent says when the network refused its transfer, before it hangs up. */
const TRANSFER_REFUSED_LINE = 'I am sorry, I could not transfer your call. Please call back later. Goodbye.';

/** The transfer leg's note of how the REFER went. */
function referNote(address: string, referred: ReferResult): string {
  if (referred.note) return referred.note;
  if (!referred.accepted) return `SIP REFER to ${address} refused (${referred.status}).`;
  const progress = referred.notified === undefined ? 'no NOTIFY came' : `the transfer target answered ${referred.notified}`;
  return `SIP REFER to ${address} accepted (${referred.status}); ${progress}.`;
}

/** Waits until the queued agent audio went out (true), or the call ended first (false); bounded. */
function drained(media: LiveMedia): Promise<boolean> {
  return new Promise((resolve) => {
    const deadline = Date.now() + 30_000;
    const check = () => {
      if (media.isEnded) return resolve(false);
      if (media.queuedMs() === 0 || Date.now() > deadline) return resolve(true);
      setTimeout(check, 20);
    };
    check();
  });
}
