/**
 * One scripted talking call of the conversation bench: a Caller (bench/media-caller.ts) that says a script's
 * labelled utterances on cue (after the agent finished talking, or some time into its speech) and keeps, as the
 * caller hears it, when the agent's audio started and stopped. It judges nothing: conversation.bench.ts reads
 * these timings beside the session's transcript and the call's report.
 */
import { performance } from 'node:perf_hooks';
import type { SipUserAgent } from '../src/media/transports/sip/user-agent.js';
import { Caller, type PacingStats, type Said } from './media-caller.js';
import type { Clip, Script, Utterance } from './conversation-audio.js';

/** The agent is done talking after this much silence at the caller. */
const DONE_SILENCE_MS = 700;
/** A stretch of agent speech starts after at least this much silence. */
const SPURT_GAP_MS = 300;
/** A cue that does not come (the agent said nothing) is given up after this long: the caller speaks anyway. */
const CUE_TIMEOUT_MS = 7000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface SaidUtterance {
  u: Utterance;
  said: Said;
}

export class ConversationCall {
  readonly caller: Caller;
  /** The agent's audio at the caller: when it turned on (audible) and off (digital silence), in order. */
  readonly transitions: { at: number; on: boolean }[] = [];
  /** Where a stretch of the agent's speech began (after SPURT_GAP_MS of silence). */
  readonly spurts: number[] = [];
  readonly said: SaidUtterance[] = [];
  answeredAt = 0;
  answeredWall = 0;
  failure = '';
  private on = false;
  private offSince = 0;

  constructor(ua: SipUserAgent, target: string, pacing?: { window: PacingStats; all: PacingStats; counting: () => boolean }) {
    this.caller = new Caller({ ua, target, host: ua.address.address, pacing, onAgentPacket: (at, silent) => this.heard(at, !silent) });
  }

  private heard(at: number, on: boolean): void {
    if (on === this.on) return;
    this.on = on;
    this.transitions.push({ at, on });
    if (!on) this.offSince = at;
    else if (this.spurts.length === 0 || at - this.offSince >= SPURT_GAP_MS) this.spurts.push(at);
  }

  /** The first time after `t` the agent's audio turned on (or off), at the caller; 0 if it never did. */
  firstAfter(t: number, on: boolean, until = Infinity): number {
    return this.transitions.find((x) => x.on === on && x.at > t && x.at <= until)?.at ?? 0;
  }

  /**
   * Where the agent's audio stopped for at least `quietMs` after `t` (the start of that silence), at the caller; 0 if it
   * did not. Gaps between words are shorter: a stop is a silence that lasts.
   */
  stoppedAfter(t: number, quietMs: number): number {
    const i = this.transitions.findIndex((x, k) => !x.on && x.at > t && (this.transitions[k + 1]?.at ?? Infinity) - x.at >= quietMs);
    return i < 0 ? 0 : this.transitions[i].at;
  }

  /** Whether the agent's audio was audible at `t`. */
  audibleAt(t: number): boolean {
    let on = false;
    for (const x of this.transitions) {
      if (x.at > t) break;
      on = x.on;
    }
    return on;
  }

  /** Dials, says the script, waits for the last reply to be heard, hangs up; bounded by `limitMs`. */
  async run(script: Script, clips: Map<string, Clip>, limitMs: number): Promise<void> {
    const deadline = performance.now() + limitMs;
    try {
      await this.caller.dial();
    } catch (error) {
      this.failure = (error as Error).message;
      return;
    }
    this.answeredAt = performance.now();
    this.answeredWall = Date.now();
    let lastEnd = this.answeredAt;
    for (const u of script.utterances) {
      if (this.caller.ended || performance.now() > deadline) break;
      await (u.when === 'after' ? this.agentDone(lastEnd, deadline) : this.intoSpeech(lastEnd, u.when.duringMs, deadline));
      if (this.caller.ended) break;
      const said = await this.caller.say(clips.get(u.id)!);
      this.said.push({ u, said });
      lastEnd = said.speechEndAt || performance.now();
    }
    await this.agentDone(lastEnd, deadline);
    await this.caller.hangup();
  }

  /** Until the agent spoke after `since` and then stayed silent DONE_SILENCE_MS (or CUE_TIMEOUT_MS of nothing). */
  private async agentDone(since: number, deadline: number): Promise<void> {
    for (;;) {
      const now = performance.now();
      if (this.caller.ended || now > deadline) return;
      const quiet = !this.on && now - this.offSince >= DONE_SILENCE_MS;
      const spoke = this.transitions.some((x) => x.on && x.at > since);
      if (quiet && (spoke || now - since > CUE_TIMEOUT_MS)) return;
      await sleep(20);
    }
  }

  /** Until `ms` into the first stretch of the agent's speech that starts after `since` (or CUE_TIMEOUT_MS of none). */
  private async intoSpeech(since: number, ms: number, deadline: number): Promise<void> {
    for (;;) {
      const now = performance.now();
      if (this.caller.ended || now > deadline) return;
      const start = this.spurts.find((s) => s > since);
      if (start !== undefined && now >= start + ms) return;
      if (start === undefined && now - since > CUE_TIMEOUT_MS) return;
      await sleep(10);
    }
  }
}
