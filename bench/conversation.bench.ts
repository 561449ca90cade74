/**
 * Issue 31, item 7: the conversation measured on talking calls. The media process runs as a child
 * (bench/media-process.ts, offline speech); this process places real SIP calls to a demo desk agent and says
 * labelled caller audio (bench/conversation-audio.ts: voices and speeds the recognizer was not tuned on, noise,
 * mid-sentence pauses, numbers in groups, backchannels and interruptions over the agent, off-script questions).
 *
 * (a) Two turn policies side by side in one run: `old`, an agent with turn_taking {end_of_turn_silence_ms: 500,
 *     complete_turn_silence_ms: 500} (fixed silence), and `new`, the same agent on the platform's defaults. Each
 *     script is one call per policy, the two placed at the same time so both see the same machine. Figures come
 *     from what the caller measured on the wire, the sessions' transcripts (kinds, latency) and the call reports
 *     (bargeIns, resumes).
 * (b) Capacity probe: BENCH_CONV_LEVELS (default 4,8) simultaneous talking calls on the new policy, each saying a
 *     short script; jitter p99 and gaps > 100 ms of the agent's audio at the caller, turns handled right, and the
 *     CPU of the media process with every process under it (speech host, espeak-ng, sox, pocketsphinx) counted as
 *     the calls', PostgreSQL beside it, and the rest of the machine as other work.
 *
 * A bench reports, it does not assert: each target is printed with PASS or MISS.
 *
 *   npm run bench -- conversation     (BENCH_DB_NAME, BENCH_CONV_LEVELS)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { loadConfig } from '../src/config.js';
import { initOrm, migrate, type Orm } from '../src/db/orm.js';
import { entities } from '../src/entities.js';
import { createOrganization } from '../src/modules/org/create-organization.js';
import { engineSettingsFrom } from '../src/modules/engine/engine-settings.js';
import { DEFAULT_REPROMPT } from '../src/modules/engine/repair.js';
import { getSession } from '../src/modules/calls/get-session.js';
import type { SessionView } from '../src/modules/calls/calls.schemas.js';
import type { CallReport } from '../src/media/call/live-call.js';
import { DEFAULT_COMPLETE_TURN_SILENCE_MS } from '../src/media/call/live-party.js';
import type { SipUserAgent } from '../src/media/transports/sip/user-agent.js';
import { newPacingStats } from './media-caller.js';
import type { MediaChild } from './media-child.js';
import { agentLine, startMediaChild } from './media-setup.js';
import { cpuSecondsOf, processTreeCpuSeconds, pidsNamed } from './cpu.js';
import { ConversationCall, type SaidUtterance } from './conversation-call.js';
import {
  ACTIONS,
  GREETING,
  PHRASES,
  PROBE_SCRIPT,
  REPLIES,
  SCRIPTS,
  hasFlite,
  isPaused,
  renderUtterance,
  type Clip,
  type Script,
  type Utterance,
} from './conversation-audio.js';
import { ensureDatabase, fmt, percentile, table } from './support.js';
import { WireCapture } from './wire-capture.js';

const LEVELS = (process.env.BENCH_CONV_LEVELS ?? '4,8').split(',').map(Number);
/** The whole run stops by itself here at the latest (the bench rules: under 5 minutes). */
const RUN_LIMIT_MS = 290_000;
/** The capacity probe is skipped once the run is this old, so it cannot hit the limit. */
const PROBE_START_LIMIT_MS = 200_000;
const CALL_LIMIT_MS = 50_000;
const SOURCES = 16;
/** An interruption counts as stopping the agent when its audio stopped at the caller within this. */
const STOP_WITHIN_MS = 500;
/** The agent's audio counts as stopped at the caller once it is silent this long (gaps between words are shorter). */
const STOP_SILENCE_MS = 200;
/** A backchannel let the agent go on when its audio came back within this of the backchannel's end. */
const WENT_ON_WITHIN_MS = 2000;

type Item = SessionView['legs'][number]['transcript']['items'][number];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const p = (values: number[], q: number) => percentile(sorted(values), q);

/** The demo desk agent: the simulated model's rules answer the script's task phrases; its grammar is PHRASES. */
function deskAgent(name: string, turnTaking?: object): object {
  return {
    name,
    first_message: GREETING,
    model: {
      provider: 'simulated',
      name: 'desk',
      temperature: 0,
      rules: [
        { when: 'book an appointment', say: REPLIES.offer },
        { when: 'yes', say: REPLIES.booked, hangup: true },
        { when: 'opening hours', say: REPLIES.hours },
        { when: 'cancel', say: REPLIES.cancelled },
        { when: 'my number is', say: REPLIES.number },
        { say: 'Sorry, I can only help with appointments.' },
      ],
    },
    ...(turnTaking ? { turn_taking: turnTaking } : {}),
  };
}

/** A finished call: the caller's view, the session and the report. */
interface Finished {
  call: ConversationCall;
  session?: SessionView;
  report?: CallReport;
}

/** Places `calls` at once (100 ms apart), runs them to their end, then pairs each with its session and report. */
async function placeCalls(
  orm: Orm,
  organizationId: string,
  child: MediaChild,
  calls: { call: ConversationCall; script: Script }[],
  clips: Map<string, Clip>,
): Promise<Finished[]> {
  const before = child.reports.length;
  const runs: Promise<void>[] = [];
  for (const { call, script } of calls) {
    runs.push(call.run(script, clips, CALL_LIMIT_MS));
    await sleep(100);
  }
  await Promise.all(runs);
  const answered = calls.filter((c) => c.call.answeredAt > 0).length;
  const until = performance.now() + 20_000;
  while (child.reports.length - before < answered && performance.now() < until) await sleep(100);
  const reports = child.reports.slice(before);
  const sessions = await Promise.all(
    reports.map(async (report) => ({ report, session: await getSession(orm.em.fork(), organizationId, report.sessionId).catch(() => undefined) })),
  );
  // Calls placed together are told apart by when their leg started: the nearest to the caller's answer.
  return calls.map(({ call }) => {
    let best: (typeof sessions)[number] | undefined;
    let bestDelta = Infinity;
    for (const s of sessions) {
      if (!s.session) continue;
      const delta = Math.abs(Date.parse(s.session.legs[0].started_at) - call.answeredWall);
      if (delta < bestDelta) [best, bestDelta] = [s, delta];
    }
    if (best) sessions.splice(sessions.indexOf(best), 1);
    return { call, session: best?.session, report: best?.report };
  });
}

/** What one utterance came to. */
interface Outcome {
  u: Utterance;
  right: boolean;
  cutOff?: boolean;
  /** A paused utterance the agent started talking into (its line cut by the caller going on), even when heard whole. */
  talkedInto?: boolean;
  /** Caller's last word → the agent's first audio at the caller, for utterances said once the agent was done. */
  waitMs?: number;
  stoppedAgent?: boolean;
  stopMs?: { report?: number; caller?: number };
  /** How the caller's turns in the utterance's window were written down (kind: text, or the hypothesis). */
  heard: string;
}

interface CallFigures {
  outcomes: Outcome[];
  misactions: string[];
  reprompts: number;
  unrecognized: number;
  resumes: number;
  bargeIns: number;
  replyMs: number[];
  /** The measured replies' parts: end of turn, recognition, model, first synthesized audio. */
  parts: { eot: number[]; stt: number[]; engine: number[]; tts: number[] };
  endReason: string;
}

/** Judges a finished call against its script's labels. */
function judge({ call, session, report }: Finished): CallFigures {
  const items: Item[] = session?.legs[0].transcript.items ?? [];
  const legStart = session ? Date.parse(session.legs[0].started_at) : call.answeredWall;
  // A caller time (performance.now()) on the leg's clock (offset_ms), and on the report's (ms since the answer).
  const onLeg = (at: number) => at - call.answeredAt + (call.answeredWall - legStart);
  const windows = call.said.map((s, i) => {
    const next = call.said[i + 1];
    return { s, from: onLeg(s.said.speechStartAt) - 300, to: next ? onLeg(next.said.speechStartAt) - 300 : Infinity };
  });
  const within = (w: { from: number; to: number }, item: Item) => item.offset_ms >= w.from && item.offset_ms < w.to;
  const isAction = (text: string) => ACTIONS.find((a) => text.includes(a.line));

  const outcomes = windows.map((w): Outcome => {
    const { u, said } = w.s;
    const customer = items.filter((i) => i.speaker === 'customer' && within(w, i));
    const agent = items.filter((i) => i.speaker === 'agent' && within(w, i));
    const notes = items.filter((i) => i.speaker === 'system' && within(w, i));
    const label = u.label;
    const heard = customer.map((i) => `${i.kind ?? 'speech'}:"${i.text || i.hypothesis || ''}"`).join(' ') || 'nothing written';
    const replied = (reply: string) => agent.some((i) => i.text.includes(reply.slice(0, 24)));
    const reprompted = agent.some((i) => i.text === DEFAULT_REPROMPT);
    const acted = agent.some((i) => isAction(i.text));
    if (label.kind === 'backchannel') {
      const backAt = call.firstAfter(said.speechEndAt, true, said.speechEndAt + WENT_ON_WITHIN_MS);
      const takenAsTurn = customer.some((i) => i.kind !== 'backchannel') || notes.some((n) => n.text.includes('interrupted'));
      const wasTalking = call.audibleAt(said.speechStartAt);
      const wentOn = !takenAsTurn && (backAt > 0 || call.audibleAt(said.speechEndAt));
      return { u, heard, right: wentOn && !acted, stoppedAgent: wasTalking && !wentOn };
    }
    if (label.kind === 'offscript') {
      return { u, heard, right: reprompted && !acted, waitMs: waitOf(call, w.s) };
    }
    const cutOff = isPaused(u) ? customer.filter((i) => i.kind !== 'backchannel').length >= 2 : undefined;
    const talkedInto = isPaused(u) ? notes.some((n) => n.text.includes('interrupted')) : undefined;
    const right = replied(label.reply) && !cutOff;
    if (label.kind === 'task') return { u, heard, right, cutOff, talkedInto, waitMs: u.when === 'after' ? waitOf(call, w.s) : undefined };
    // An interruption: where the agent's audio stopped, by the report and at the caller.
    const sinceAnswer = said.speechStartAt - call.answeredAt;
    const bargeIn = report?.bargeIns.find((b) => Math.abs(b.speechStartMs - sinceAnswer) < 600);
    const talking = call.audibleAt(said.speechStartAt);
    const off = talking ? call.stoppedAfter(said.speechStartAt, STOP_SILENCE_MS) : 0;
    const callerStop = off ? off - said.speechStartAt : undefined;
    const stopped = callerStop !== undefined && callerStop <= STOP_WITHIN_MS;
    return { u, heard, right: right && stopped, stopMs: { report: bargeIn ? bargeIn.stoppedMs - bargeIn.speechStartMs : undefined, caller: callerStop } };
  });

  // A committing line is a misaction unless the caller's turn right before it was the phrase that asks for it.
  const misactions: string[] = [];
  let askedHangup = false;
  items.forEach((item, index) => {
    const action = item.speaker === 'agent' ? isAction(item.text) : undefined;
    if (!action) return;
    const before = items.slice(0, index).filter((i) => i.speaker === 'customer' && i.kind !== 'backchannel');
    const last = before.at(-1);
    const asked = last?.kind === 'speech' && last.text.toLowerCase() === action.askedBy.toLowerCase();
    const scripted = windows.some(
      (w) => last && within(w, last) && w.s.u.label.kind !== 'offscript' && 'phrase' in w.s.u.label && w.s.u.label.phrase === action.askedBy,
    );
    if (asked && scripted) askedHangup ||= action.askedBy === PHRASES.yes;
    else misactions.push(`"${item.text.slice(0, 30)}" after ${last ? `${last.kind} "${last.text || last.hypothesis}"` : 'nothing'}`);
  });
  if (session?.end_reason === 'agent_hangup' && !askedHangup) misactions.push('agent hung up unasked');
  return {
    outcomes,
    misactions,
    reprompts: items.filter((i) => i.speaker === 'agent' && i.text === DEFAULT_REPROMPT).length,
    unrecognized: items.filter((i) => i.kind === 'unrecognized').length,
    resumes: report?.resumes ?? 0,
    bargeIns: report?.bargeIns.length ?? 0,
    replyMs: items.flatMap((i) => (i.latency ? [i.latency.reply_ms] : [])),
    parts: latencyParts(items),
    endReason: session?.end_reason ?? (call.failure ? `failed: ${call.failure}` : 'no session'),
  };
}

/** Where each measured reply's time went (the transcript's latency parts). */
function latencyParts(items: Item[]) {
  const measured = items.flatMap((i) => (i.latency ? [i.latency] : []));
  return {
    eot: measured.map((l) => l.end_of_turn_ms),
    stt: measured.map((l) => l.stt_ms),
    engine: measured.map((l) => l.engine_ms),
    tts: measured.map((l) => l.tts_first_audio_ms),
  };
}

/** Caller's last word → the agent's first audio after it, for an utterance said while the agent was silent. */
function waitOf(call: ConversationCall, s: SaidUtterance): number | undefined {
  if (s.u.when !== 'after' || call.audibleAt(s.said.speechStartAt)) return undefined;
  const at = call.firstAfter(s.said.speechEndAt, true, s.said.speechEndAt + 5000);
  return at ? at - s.said.speechEndAt : undefined;
}

interface PolicyFigures {
  calls: CallFigures[];
  outcomes: Outcome[];
}

const merge = (calls: CallFigures[]): PolicyFigures => ({ calls, outcomes: calls.flatMap((c) => c.outcomes) });

function summary(f: PolicyFigures) {
  const o = f.outcomes;
  const paused = o.filter((x) => x.cutOff !== undefined);
  const complete = o.filter((x) => x.u.label.kind === 'task' && !isPaused(x.u) && x.waitMs !== undefined).map((x) => x.waitMs!);
  const waits = o.flatMap((x) => (x.waitMs !== undefined ? [x.waitMs] : []));
  const backchannels = o.filter((x) => x.u.label.kind === 'backchannel');
  const interruptions = o.filter((x) => x.u.label.kind === 'interruption');
  const stopReport = interruptions.flatMap((x) => (x.stopMs?.report !== undefined ? [x.stopMs.report] : []));
  const stopCaller = interruptions.flatMap((x) => (x.stopMs?.caller !== undefined ? [x.stopMs.caller] : []));
  const sum = (k: 'reprompts' | 'unrecognized' | 'resumes' | 'bargeIns') => f.calls.reduce((a, c) => a + c[k], 0);
  return {
    cutOffs: paused.filter((x) => x.cutOff).length,
    talkedInto: paused.filter((x) => x.talkedInto).length,
    paused: paused.length,
    deadAir: complete,
    waits,
    bcStopped: backchannels.filter((x) => x.stoppedAgent).length,
    backchannels: backchannels.length,
    stopReport,
    stopCaller,
    resumes: sum('resumes'),
    bargeIns: sum('bargeIns'),
    misactions: f.calls.flatMap((c) => c.misactions),
    reprompts: sum('reprompts'),
    unrecognized: sum('unrecognized'),
    offscriptRight: o.filter((x) => x.u.label.kind === 'offscript' && x.right).length,
    offscript: o.filter((x) => x.u.label.kind === 'offscript').length,
    replyMs: f.calls.flatMap((c) => c.replyMs),
    parts: {
      eot: f.calls.flatMap((c) => c.parts.eot),
      stt: f.calls.flatMap((c) => c.parts.stt),
      engine: f.calls.flatMap((c) => c.parts.engine),
      tts: f.calls.flatMap((c) => c.parts.tts),
    },
    right: o.filter((x) => x.right).length,
    total: o.length,
    ends: f.calls.map((c) => c.endReason),
  };
}

const ms = (values: number[], q: number) => (values.length ? `${fmt(p(values, q), 0)}` : '-');
const pct = (n: number, d: number) => (d ? `${fmt((100 * n) / d, 0)}% (${n}/${d})` : '-');
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

function printPolicies(old: PolicyFigures, now: PolicyFigures): void {
  const a = summary(old);
  const b = summary(now);
  console.log(`\n(a) turn policies side by side: old = fixed 500 ms silence; new = platform defaults (complete phrase ${DEFAULT_COMPLETE_TURN_SILENCE_MS} ms)`);
  const row = (name: string, f: (s: ReturnType<typeof summary>) => string, target: string, pass?: (s: ReturnType<typeof summary>) => boolean) => [
    name,
    f(a),
    f(b),
    target,
    pass ? `${verdict(pass(a))} / ${verdict(pass(b))}` : '',
  ];
  console.log(
    table([
      ['figure', 'old', 'new', 'target', 'old / new'],
      row(
        'false cut-offs on paused turns',
        (s) => pct(s.cutOffs, s.paused),
        '<= 5 %',
        (s) => s.paused > 0 && s.cutOffs / s.paused <= 0.05,
      ),
      row('paused turns the agent talked into', (s) => pct(s.talkedInto, s.paused), ''),
      row(
        'dead air, complete turns p50 ms',
        (s) => `${ms(s.deadAir, 50)} (n=${s.deadAir.length})`,
        '<= 250 ms',
        (s) => p(s.deadAir, 50) <= 250,
      ),
      row('dead air, complete turns p95 ms', (s) => ms(s.deadAir, 95), ''),
      row(
        'backchannels that stopped the agent',
        (s) => pct(s.bcStopped, s.backchannels),
        '<= 5 %',
        (s) => s.backchannels > 0 && s.bcStopped / s.backchannels <= 0.05,
      ),
      row('interruption stop p50/p95 ms (report)', (s) => `${ms(s.stopReport, 50)}/${ms(s.stopReport, 95)} (n=${s.stopReport.length})`, ''),
      row('interruption stop p50/p95 ms (caller)', (s) => `${ms(s.stopCaller, 50)}/${ms(s.stopCaller, 95)} (n=${s.stopCaller.length})`, '<= 150 ms'),
      row('resumes / barge-ins (reports)', (s) => `${s.resumes} / ${s.bargeIns}`, ''),
      row(
        'misactions',
        (s) => String(s.misactions.length),
        '0',
        (s) => s.misactions.length === 0,
      ),
      row('reprompts (unrecognized items)', (s) => `${s.reprompts} (${s.unrecognized})`, ''),
      row('off-script answered with a reprompt', (s) => pct(s.offscriptRight, s.offscript), ''),
      row(
        'turn latency at caller p50/p95 ms',
        (s) => `${ms(s.waits, 50)}/${ms(s.waits, 95)} (n=${s.waits.length})`,
        'p50 <= 350 ms',
        (s) => p(s.waits, 50) <= 350,
      ),
      row('reply_ms (transcript) p50/p95 ms', (s) => `${ms(s.replyMs, 50)}/${ms(s.replyMs, 95)} (n=${s.replyMs.length})`, ''),
      row('reply parts p50 ms: eot/stt/model/tts', (s) => `${ms(s.parts.eot, 50)}/${ms(s.parts.stt, 50)}/${ms(s.parts.engine, 50)}/${ms(s.parts.tts, 50)}`, ''),
      row('utterances handled right', (s) => pct(s.right, s.total), ''),
      row('end reasons', (s) => s.ends.join(','), ''),
    ]),
  );
  console.log("  dead air / turn latency at the caller: the packet with the caller's last voiced frame went out -> the agent's first audible packet arrived");
  console.log('  (turn latency: every utterance said while the agent was silent that got an answer; dead air: the complete task phrases among them)');
  for (const [name, s] of [
    ['old', a],
    ['new', b],
  ] as const)
    for (const m of s.misactions) console.log(`  misaction (${name}): ${m}`);
  console.log('  per utterance (old | new): id, label, voice/wpm [+noise]: handled right or WRONG, and for a wrong one what the transcript holds');
  const describe = (x: Outcome | undefined) =>
    !x
      ? 'not said'
      : `${x.right ? 'ok' : 'WRONG'}${x.cutOff ? ' cut-off' : ''}${x.talkedInto ? ' talked-into' : ''}${x.stoppedAgent ? ' stopped-agent' : ''}${x.waitMs !== undefined ? ` wait ${fmt(x.waitMs, 0)}` : ''}${x.stopMs?.caller !== undefined ? ` stop ${fmt(x.stopMs.caller, 0)}` : ''}${x.right ? '' : ` (heard ${x.heard})`}`;
  for (const u of SCRIPTS.flatMap((s) => s.utterances)) {
    const find = (f: PolicyFigures) => f.outcomes.find((x) => x.u.id === u.id);
    console.log(
      `    ${u.id} ${u.label.kind}${isPaused(u) ? ' paused' : ''} ${u.voice}/${u.wpm}${u.noise ? `+${u.noise}` : ''}: ${describe(find(old))} | ${describe(find(now))}`,
    );
  }
}

interface Level {
  calls: number;
  answered: number;
  jitterP99: number;
  gaps: number;
  packets: number;
  right: number;
  total: number;
  cores: { calls: number; postgres: number; generator: number; other: number };
  /** Event-loop delay p99/max in ms beyond schedule: the media process's (late ticks) and this caller process's (late arrival stamps). */
  loops: { media?: { p99: number; max: number }; caller: { p99: number; max: number } };
  /** The agent's packets on the wire (kernel stamps, wire-capture.ts), or why they were not captured. */
  wire: { jitterP99: number; gaps: number; packets: number } | string;
}

/** The callers' own event-loop delay is sampled this often while they measure. */
const LOOP_RESOLUTION_MS = 5;

/** CPU seconds so far: the media process with every process under it, PostgreSQL (each process, with the backends its postmaster reaped), this process, the machine. */
function cpuNow(child: MediaChild) {
  const self = process.cpuUsage();
  return {
    calls: processTreeCpuSeconds(child.pid),
    postgres: pidsNamed('postgres').reduce((sum, pid) => sum + cpuSecondsOf(pid), 0),
    generator: (self.user + self.system) / 1e6,
    machine: machineBusySeconds(),
    at: performance.now(),
  };
}

/** (b) at one level: n talking calls at once, each saying PROBE_SCRIPT; the agent's audio measured over whole calls. */
async function probeLevel(
  orm: Orm,
  organizationId: string,
  child: MediaChild,
  uas: SipUserAgent[],
  target: string,
  clips: Map<string, Clip>,
  n: number,
): Promise<Level> {
  const pacing = newPacingStats();
  const whole = newPacingStats();
  const calls = Array.from({ length: n }, (_, i) => ({
    call: new ConversationCall(uas[i % uas.length], target, { window: pacing, all: whole, counting: () => true }),
    script: PROBE_SCRIPT,
  }));
  const capture = await WireCapture.start();
  const cpu0 = cpuNow(child);
  const callerLoop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  callerLoop.enable();
  child.startLoopMonitor();
  const finished = await placeCalls(orm, organizationId, child, calls, clips);
  const cpu1 = cpuNow(child);
  callerLoop.disable();
  const mediaLoop = await child.stopLoopMonitor().catch(() => undefined);
  const onWire = typeof capture === 'string' ? capture : await capture.stop(new Set(calls.map((c) => c.call.caller.port)));
  const beyond = (ns: number) => Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS);
  const seconds = (cpu1.at - cpu0.at) / 1000;
  const outcomes = finished.flatMap((f) => judge(f).outcomes);
  const cores = {
    calls: (cpu1.calls - cpu0.calls) / seconds,
    postgres: (cpu1.postgres - cpu0.postgres) / seconds,
    generator: (cpu1.generator - cpu0.generator) / seconds,
    other: 0,
  };
  cores.other = Math.max(0, (cpu1.machine - cpu0.machine) / seconds - cores.calls - cores.postgres - cores.generator);
  return {
    calls: n,
    answered: finished.filter((f) => f.call.answeredAt > 0).length,
    jitterP99: pacing.jitter.percentile(99),
    gaps: pacing.gapsOver100,
    packets: pacing.packets,
    right: outcomes.filter((o) => o.right).length,
    total: n * PROBE_SCRIPT.utterances.length,
    cores,
    loops: { media: mediaLoop, caller: { p99: beyond(callerLoop.percentile(99)), max: beyond(callerLoop.max) } },
    wire: typeof onWire === 'string' ? onWire : { jitterP99: onWire.jitter.percentile(99), gaps: onWire.gapsOver100, packets: onWire.packets },
  };
}

/** The machine's busy CPU seconds so far (all cores, /proc/stat: everything but idle and iowait). */
function machineBusySeconds(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  return (ticks.slice(0, 8).reduce((a, b) => a + b, 0) - ticks[3] - ticks[4]) / 100;
}

/**
 * Clean: every call answered, p99 < 5 ms and no gap over 100 ms in the agent's packets, >= 95 % of turns right. The
 * packets are judged on the wire when it was captured (the media process's own pacing, as a caller's phone would get
 * it), else at the callers.
 */
const levelPasses = (l: Level) => {
  const { jitterP99, gaps } = typeof l.wire === 'string' ? l : l.wire;
  return l.answered === l.calls && jitterP99 < 5 && gaps === 0 && l.right / l.total >= 0.95;
};

function printLevels(levels: Level[], skipped: number[]): void {
  console.log(
    '\n(b) capacity probe: simultaneous talking calls on the new policy, each: "okay" over the greeting, a booking request, an interruption of the offer',
  );
  const cores = (c: number) => `${fmt(c * 100, 0)}%`;
  console.log(
    table([
      [
        'calls',
        'answered',
        'agent packets: wire | callers',
        'jitter p99 ms: wire | callers',
        'gaps>100ms: wire | callers',
        'turns right',
        'CPU: calls*',
        'postgres',
        'generator',
        'other work',
        'loop p99/max ms: media | callers',
        'clean?',
      ],
      ...levels.map((l) => [
        l.calls,
        l.answered,
        `${typeof l.wire === 'string' ? '-' : l.wire.packets} | ${l.packets}`,
        `${typeof l.wire === 'string' ? '-' : fmt(l.wire.jitterP99, 2)} | ${fmt(l.jitterP99, 2)}`,
        `${typeof l.wire === 'string' ? '-' : l.wire.gaps} | ${l.gaps}`,
        pct(l.right, l.total),
        cores(l.cores.calls),
        cores(l.cores.postgres),
        cores(l.cores.generator),
        cores(l.cores.other),
        `${l.loops.media ? `${fmt(l.loops.media.p99, 1)}/${fmt(l.loops.media.max, 0)}` : '-'} | ${fmt(l.loops.caller.p99, 1)}/${fmt(l.loops.caller.max, 0)}`,
        levelPasses(l) ? 'yes' : 'no',
      ]),
    ]),
  );
  console.log('  (* the media process and every process under it: its speech host, espeak-ng, sox, pocketsphinx; % of one core, the machine has 2)');
  console.log(
    "  (loop: event-loop delay beyond schedule; the media process's delays its 20 ms ticks, the callers' delays the arrival stamps the jitter is computed from)",
  );
  console.log(
    "  (jitter = |interval - 20 ms| between the agent's packets over whole calls: on the wire, tcpdump's kernel stamps as the media process sent them; at the callers, their socket callbacks' stamps, delayed by the one event loop all the bench's callers share)",
  );
  console.log('  (clean = all answered, p99 < 5 ms and no gap > 100 ms on the wire (at the callers when not captured), >= 95 % of turns right)');
  for (const l of levels) if (typeof l.wire === 'string') console.log(`  ${l.calls} calls: the wire was not captured (${l.wire}); judged at the callers`);
  const clean = Math.max(0, ...levels.filter(levelPasses).map((l) => l.calls));
  console.log(
    `  largest clean level: ${clean || 'none'} (levels tried ${levels.map((l) => l.calls).join(', ') || 'none'}; target >= 30 per media process: not probed at this scale)`,
  );
  if (skipped.length) console.log(`  levels skipped to stay within the run limit: ${skipped.join(', ')}`);
}

export async function run() {
  const started = performance.now();
  const limit = setTimeout(() => {
    console.error(`conversation bench: stopped at the ${RUN_LIMIT_MS / 1000} s limit`);
    process.exit(1);
  }, RUN_LIMIT_MS);
  limit.unref();
  const url = await ensureDatabase(process.env.BENCH_DB_NAME ?? 'voice_platform_bench');
  const orm = await initOrm({ entities, url, poolMax: 8, logger: () => {} });
  await migrate(orm);
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent' });
  const settings = engineSettingsFrom(config);
  const { organization } = await createOrganization(orm.em.fork(), { name: 'Conversation bench', slug: `conversation-bench-${Date.now()}` });
  const phrases = Object.values(PHRASES);
  const oldNumber = await agentLine(
    orm,
    organization.id,
    settings,
    deskAgent('Desk, fixed silence', { end_of_turn_silence_ms: 500, complete_turn_silence_ms: 500 }),
    phrases,
  );
  const newNumber = await agentLine(orm, organization.id, settings, deskAgent('Desk, platform defaults'), phrases);
  const dir = mkdtempSync(join(tmpdir(), 'conversation-bench-'));
  const clips = new Map<string, Clip>();
  for (const u of [...SCRIPTS, PROBE_SCRIPT].flatMap((s) => s.utterances)) clips.set(u.id, renderUtterance(dir, u));
  const { child, uas, target } = await startMediaChild(url, dir, SOURCES);
  try {
    console.log(
      `conversation bench: media process pid ${child.pid}; ${SCRIPTS.length} scripts x 2 policies, ${clips.size} labelled utterances; flite ${hasFlite ? 'used' : 'not installed (its items use espeak-ng en-us+f3)'}`,
    );
    const old: CallFigures[] = [];
    const now: CallFigures[] = [];
    for (const script of SCRIPTS) {
      const pair = [new ConversationCall(uas[0], target(oldNumber)), new ConversationCall(uas[1], target(newNumber))];
      const [a, b] = await placeCalls(
        orm,
        organization.id,
        child,
        pair.map((call) => ({ call, script })),
        clips,
      );
      old.push(judge(a));
      now.push(judge(b));
      console.error(`[conversation bench] ${script.name}: old ${old.at(-1)!.endReason}, new ${now.at(-1)!.endReason}`);
    }
    printPolicies(merge(old), merge(now));

    const levels: Level[] = [];
    const skipped: number[] = [];
    for (const n of LEVELS) {
      if (performance.now() - started > PROBE_START_LIMIT_MS) {
        skipped.push(n);
        continue;
      }
      await sleep(1000);
      levels.push(await probeLevel(orm, organization.id, child, uas, target(newNumber), clips, n));
      console.error(`[conversation bench] ${n} talking calls: ${levelPasses(levels.at(-1)!) ? 'clean' : 'not clean'}`);
    }
    printLevels(levels, skipped);
  } finally {
    await Promise.all(uas.map((ua) => ua.close()));
    await child.stop();
    await orm.close(true);
    rmSync(dir, { recursive: true, force: true });
  }
}
