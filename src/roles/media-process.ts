import type { Logger } from 'pino';
import type { Orm } from '../db/orm.js';
import type { Config } from '../config.js';
import type { RecordingStore } from '../modules/calls/recording-store.js';
import { engineSettingsFrom } from '../modules/engine/engine-settings.js';
import type { Confirmations } from '../modules/engine/confirmations.js';
import { SipUserAgent } from '../media/transports/sip/user-agent.js';
import { PortPool } from '../media/rtp/port-pool.js';
import { PocketsphinxStt } from '../media/speech/stt/pocketsphinx.js';
import { EspeakNgTts } from '../media/speech/tts/espeak-ng.js';
import { FliteTts, OfflineTts } from '../media/speech/tts/flite.js';
import { spawnSync } from 'node:child_process';
import type { TextToSpeech } from '../media/speech/text-to-speech.js';
import { ProcessHost } from '../media/speech/process-host.js';
import { answerInboundCall } from '../media/call/answer-call.js';
import type { CallReport, MediaDeps } from '../media/call/live-call.js';
import { randomBytes } from 'node:crypto';
import { availableParallelism, hostname } from 'node:os';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Client } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { finalizeAbandonedSessions, heartbeatLiveSessions } from '../modules/calls/live-sessions.js';
import { createMediaNodeActivities } from '../../activities/media-node.activities.js';
import { createMediaDialActivities } from '../../activities/media-dial.activities.js';
import { mediaTaskQueue } from '../../workflows/task-queues.js';
import { LiveCallRegistry } from '../media/call/live-call-registry.js';
import { installTemporalRuntime, stopWorker } from '../temporal/worker-runtime.js';
import type { MediaNode } from '../media/call/hold-call.js';
import { createCarrierStreams } from '../media/call/carrier-streams.js';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';

/** The niceness of the speech processes (espeak-ng, pocketsphinx): they yield the cores to the media process. */
const SPEECH_NICENESS = 10;

/** The commands not found on PATH. */
function missingCommands(commands: string[]): string[] {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  return commands.filter(
    (command) =>
      !dirs.some((dir) => {
        try {
          accessSync(join(dir, command), constants.X_OK);
          return true;
        } catch {
          return false;
        }
      }),
  );
}

/** How often this process stamps the calls it holds (a killed process's calls end at its last stamp). */
const HEARTBEAT_MS = 2000;
/** The sweep for abandoned live calls runs every 15th heartbeat (30 s). */
const SWEEP_EVERY_TICKS = 15;

export interface MediaRuntime {
  /** Where SIP is taken (host and the bound port: 0 in the config picks a free one). */
  sip: { host: string; port: number };
  /** Calls in progress in this process. */
  activeCalls(): number;
  /**
   * Takes an HTTP upgrade to a carrier's media stream (/carriers/twilio/stream/...): true when it did. `npm run dev`
   * passes the API server's upgrades here; the media role alone listens on MEDIA_STREAM_PORT (`streams`).
   */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Where this process takes media streams itself, when it listens for them (MediaRuntimeOptions.listenStreams). */
  streams?: { host: string; port: number };
  /** Drains (no new calls; calls in progress finish within MEDIA_DRAIN_TIMEOUT_MS), then stops; once. */
  stop(): Promise<void>;
}

export interface MediaRuntimeOptions {
  config: Config;
  orm: Orm;
  logger: Logger;
  recordings: RecordingStore;
  confirmations?: Confirmations;
  onCallFinished?: (report: CallReport) => void;
  /**
   * Temporal: calls are then held durably (a liveCall workflow per call, this process serving its own
   * task queue media/<node>). Without it calls run unsupervised (tests of the media alone).
   */
  temporal?: { client: Client };
  /** Listen for carriers' media streams on MEDIA_STREAM_PORT (the media role alone); otherwise the caller passes upgrades. */
  listenStreams?: boolean;
}

/**
 * The media role (`npm run media`, and inside `npm run dev`): a SIP user
 * agent on UDP whose inbound calls are answered by the agent their number
 * routes to, with the offline speech providers (espeak-ng, pocketsphinx).
 * The real-time audio loop lives here, never in a workflow.
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
  // espeak-ng and pocketsphinx start from a helper process: a fork from this one would stall every call's RTP clock.
  // Below this process's priority and a few at a time (decision 0061): under load speech waits, not the RTP clock.
  // flite's voices (provider platform, flite-*) are spoken by espeak-ng where flite is not installed.
  const fliteInstalled = spawnSync('sh', ['-c', 'command -v flite'], { stdio: 'ignore' }).status === 0;
  if (!fliteInstalled) log.info('media: flite is not installed; its voices are spoken by espeak-ng (apt-get install flite)');
  const speechProcesses = new ProcessHost({ niceness: SPEECH_NICENESS, maxRunning: Math.max(2, 2 * availableParallelism()) });
  const deps: MediaDeps = {
    orm: options.orm,
    engine: { orm: options.orm, settings: engineSettingsFrom(config), confirmations: options.confirmations },
    recordings: options.recordings,
    logger: log,
    pool: new PortPool({ min: config.media.rtpPortMin, max: config.media.rtpPortMax }),
    stt: new PocketsphinxStt({ logger: log, spawn: speechProcesses.spawn }),
    tts: new OfflineTts(new EspeakNgTts('espeak-ng', speechProcesses.spawn), fliteInstalled ? new FliteTts('flite', speechProcesses.spawn) : undefined),
    rtpHost: config.media.sipHost,
    publicAddress: config.media.publicAddress,
    endOfTurnSilenceMs: config.media.endOfTurnSilenceMs,
    onCallFinished: options.onCallFinished,
  };
  const registry = new LiveCallRegistry();
  const queue = `media/${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const { node, nodeWorker } = options.temporal ? await startNodeWorkers(options, deps, registry, queue) : { node: undefined, nodeWorker: undefined };
  deps.node = node;
  deps.ua = ua;
  let ticks = 0;
  const heartbeat = setInterval(() => {
    // Every media process also sweeps, now and then, the calls of one that died before their liveCall workflow
    // started (nothing else would ever end them): finalizing is exactly-once, so several sweeping is harmless.
    if (node && ticks++ % SWEEP_EVERY_TICKS === 0) {
      finalizeAbandonedSessions(options.orm.em.fork())
        .then((ids) => ids.length && log.warn({ sessions: ids }, 'media: finalized calls whose media process stopped unsupervised'))
        .catch((error: unknown) => log.warn({ err: error }, 'media: sweep of abandoned calls failed'));
    }
    if (registry.size === 0) return;
    heartbeatLiveSessions(options.orm.em.fork(), queue).catch((error: unknown) => log.warn({ err: error }, 'media: heartbeat failed'));
  }, HEARTBEAT_MS);
  const active = new Set<Promise<void>>();
  // An INVITE is tracked from its arrival (so it counts itself); a stream only once it started (it asks with one more).
  deps.maxCalls = config.media.maxCalls;
  deps.atCapacity = (asking = 0) => active.size + asking > config.media.maxCalls;
  const track = (call: Promise<void>) => {
    const running = call.catch((error: unknown) => log.error({ err: error }, 'call failed')).finally(() => active.delete(running));
    active.add(running);
  };
  deps.track = track;
  deps.dialWaitMs = config.media.dialWaitMs;
  ua.onInvite((call) => track(answerInboundCall(deps, call)));
  const carrierStreams = createCarrierStreams(deps, track);
  const { streamServer, stopTakingStreams } = options.listenStreams
    ? await listenForStreams(config, carrierStreams)
    : { streamServer: undefined, stopTakingStreams: () => {} };
  const missing = missingCommands(['espeak-ng', 'sox', 'pocketsphinx_continuous']);
  if (missing.length)
    log.warn(
      { missing },
      'offline speech is missing commands: calls will fail to speak or listen (apt-get install espeak-ng sox pocketsphinx pocketsphinx-en-us)',
    );
  // The first call's greeting would otherwise wait for the speech helper process to start (a Node process) and
  // for espeak-ng and sox to load: pay for it here, once, before the process says it is running.
  else await warmUpSpeech(deps.tts, log);
  log.info({ sip: ua.address, streams: streamServer?.address() }, 'media runtime listening');
  let stopped: Promise<void> | undefined;
  return {
    sip: { host: ua.address.address, port: ua.address.port },
    activeCalls: () => active.size,
    handleUpgrade: (req, socket, head) => carrierStreams.handleUpgrade(req, socket, head),
    streams: streamServer ? { host: config.media.sipHost, port: (streamServer.address() as AddressInfo).port } : undefined,
    stop: () => (stopped ??= stop()),
  };

  async function stop() {
    // Drain: new INVITEs get 503 and no new outbound dial is taken, while the calls in progress go on for up to
    // MEDIA_DRAIN_TIMEOUT_MS; the ones still talking then are hung up (BYE) and recorded.
    ua.drain();
    carrierStreams.drain();
    stopTakingStreams();
    if (nodeWorker) stopWorker(nodeWorker.dialWorker);
    const inProgress = () => Promise.allSettled([...active, ...registry.all().map((c) => c.done)]);
    if (!(await settlesWithin(inProgress(), config.media.drainTimeoutMs))) {
      log.warn({ calls: active.size + registry.size }, 'media: calls still in progress at the drain deadline are hung up');
      await Promise.allSettled(registry.all().map((c) => c.hangup('agent_hangup')));
    }
    clearInterval(heartbeat);
    await ua.close();
    carrierStreams.close();
    if (streamServer) await new Promise<void>((resolve) => streamServer!.close(() => resolve()));
    // Calls not held in the registry (no Temporal) end with the socket; wait a bounded while for their records.
    await settlesWithin(inProgress(), 5000);
    if (nodeWorker) {
      stopWorker(nodeWorker.worker);
      stopWorker(nodeWorker.dialWorker);
      await nodeWorker.running.catch(() => {});
      await nodeWorker.connection.close();
    }
    await speechProcesses.close();
  }
}

type NodeWorker = { worker: Worker; dialWorker: Worker; running: Promise<void>; connection: NativeConnection };

/**
 * The process's Temporal workers: its own task queue (the live calls it holds) and the shared media queue of
 * outbound SIP calls, taken by whichever media process is free (activities/media-dial.activities.ts).
 */
async function startNodeWorkers(
  options: MediaRuntimeOptions,
  deps: MediaDeps,
  registry: LiveCallRegistry,
  queue: string,
): Promise<{ node: MediaNode; nodeWorker: NodeWorker }> {
  const { config, logger } = options;
  const node: MediaNode = { queue, registry, temporal: { client: options.temporal!.client, taskQueue: config.temporal.taskQueue } };
  installTemporalRuntime(logger);
  const connection = await NativeConnection.connect({ address: config.temporal.address });
  const worker = await Worker.create({
    connection,
    namespace: config.temporal.namespace,
    taskQueue: queue,
    activities: createMediaNodeActivities(registry),
  });
  const dialWorker = await Worker.create({
    connection,
    namespace: config.temporal.namespace,
    taskQueue: mediaTaskQueue(config.temporal.taskQueue),
    activities: createMediaDialActivities(deps),
  });
  return { node, nodeWorker: { worker, connection, running: Promise.all([worker.run(), dialWorker.run()]).then(() => {}), dialWorker } };
}

/** The port of carriers' media streams (WebSocket upgrades), with the load balancer's health check. */
async function listenForStreams(
  config: MediaRuntimeOptions['config'],
  carrierStreams: ReturnType<typeof createCarrierStreams>,
): Promise<{ streamServer: Server; stopTakingStreams: () => void }> {
  let refusing = false;
  const streamServer = createServer((req, res) => {
    // The load balancer's health check: a draining process takes no new streams.
    if (req.method === 'GET' && req.url === '/healthz') {
      res.writeHead(refusing ? 503 : 200, { 'content-type': 'text/plain' }).end(refusing ? 'draining\n' : 'ok\n');
      return;
    }
    res.writeHead(426, { 'content-type': 'text/plain', connection: 'close' }).end("This port takes carriers' media streams (WebSocket) only.\n");
  });
  streamServer.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    if (!carrierStreams.handleUpgrade(req, socket, head)) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  await new Promise<void>((resolve, reject) => {
    streamServer.once('error', reject);
    streamServer.listen(config.media.streamPort, config.media.sipHost, () => resolve());
  });
  return { streamServer, stopTakingStreams: () => (refusing = true) };
}

/**
 * Speaks one word into nothing, within 15 s: starts the speech helper and brings espeak-ng, its voice data and sox
 * into memory. A failure is only logged (the first call then starts them itself).
 */
async function warmUpSpeech(tts: TextToSpeech, log: Logger): Promise<void> {
  const started = performance.now();
  try {
    for await (const chunk of tts.synthesize('Ready.', { voice: 'default', language: 'en-US', signal: AbortSignal.timeout(15_000) })) void chunk;
    log.info({ ms: Math.round(performance.now() - started) }, 'media: speech warmed up');
  } catch (error) {
    log.warn({ err: (error as Error).message }, 'media: speech warm-up failed; the first call starts it');
  }
}

/** Whether `work` settles within `ms`. */
async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const settled = await Promise.race([work.then(() => true), new Promise<boolean>((r) => (timer = setTimeout(() => r(false), ms)))]);
  clearTimeout(timer);
  return settled;
}
