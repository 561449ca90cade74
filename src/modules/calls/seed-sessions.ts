import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import type { PriceList } from '../org/org.entity.js';
import type { EndReason, SessionStatus } from './calls.entity.js';
import type { RecordingStore } from './recording-store.js';
import { copySessions, recordSessions, type LegInput, type SessionInput, type TurnInput } from './record-sessions.js';
import { ensureSeedDirectory, SEED_TRANSFER_ADDRESS } from './ensure-seed-directory.js';
import { synthesizeWav } from './wav.js';

/**
 * Realistic demo call records, reproducible from a seed: the same seed,
 * count, end time and organization give the same sessions (ids and the
 * organization's numbers aside; ids stay time-ordered and unique). The agents
 * and numbers they name are real rows of the organization (ensureSeedDirectory).
 * Written in batches, oldest first, through recordSessions or, with `copy`,
 * copySessions (COPY: ten million sessions in well under half an hour).
 */
export interface SeedOptions {
  organizationId: string;
  projectId: string;
  priceList: PriceList;
  sessions: number;
  seed?: number;
  /** The sessions start within `days` days before `until`. */
  days?: number;
  until?: Date;
  batchSize?: number;
  /** Write with COPY (copySessions) rather than row inserts: for a PostgreSQL server and large seeds. */
  copy?: boolean;
  onProgress?: (done: number, total: number) => void;
}

/** mulberry32: a small, fast, well-distributed 32-bit PRNG. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const weighted = <T>(items: readonly (readonly [T, number])[]) => {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = next() * total;
    for (const [item, w] of items) if ((r -= w) < 0) return item;
    return items[items.length - 1][0];
  };
  return { next, int, pick, weighted };
}

const AGENTS = [
  { name: 'Front Desk', tool: 'check_availability', vars: ['customer_name', 'reason'] },
  { name: 'Appointment Booking', tool: 'book_appointment', vars: ['customer_name', 'appointment_time'] },
  { name: 'Order Support', tool: 'lookup_order', vars: ['order_id', 'issue'] },
  { name: 'Sales Qualifier', tool: 'create_lead', vars: ['company', 'budget'] },
  { name: 'Payment Reminder', tool: 'record_promise_to_pay', vars: ['amount', 'pay_date'] },
] as const;
const FIRST = ['Ana', 'Ben', 'Chloé', 'Dev', 'Elif', 'Femi', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kofi', 'Lena', 'Maya', 'Noah', 'Omar', 'Priya'];
const LAST = ['Garcia', 'Smith', 'Okafor', 'Müller', 'Tanaka', 'Rossi', 'Nguyen', 'Kowalski', 'Silva', 'Haddad', 'Johansson', 'Patel'];
const HUMANS = ['Dana (Support)', 'Luis (Billing)', 'Sam (Sales)'];
/** How many of the organization's numbers the sessions are spread over (held or bought by ensureSeedDirectory). */
const PLATFORM_NUMBER_COUNT = 3;
/** Calls cluster in business hours (UTC weights, the demo organization's day). */
const HOUR_WEIGHTS = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 5, 8, 10, 10, 9, 8, 9, 10, 8, 5, 2].map((w, h) => [h, w] as const);
const CLIPS = 4;

export async function ensureSeedClips(store: RecordingStore): Promise<{ key: string; size: number; seconds: number }[]> {
  const clips = [];
  for (let i = 0; i < CLIPS; i++) {
    const key = `seed/clip-${i}.wav`;
    const seconds = 3 + i;
    const wav = synthesizeWav({ seconds, tones: [330 + 40 * i, 440 + 30 * i, 392] });
    if (!(await store.has(key))) await store.put(key, wav);
    clips.push({ key, size: wav.length, seconds });
  }
  return clips;
}

export function makeAgents(organizationId: string, seed: number) {
  const r = prng(seed ^ 0x5eed);
  return AGENTS.map((a, i) => ({ ...a, id: newId('agent', Date.UTC(2026, 0, 1) + i), weight: r.int(1, 5) }));
}

function phone(r: ReturnType<typeof prng>): string {
  return r.next() < 0.8
    ? `+1${r.pick(['415', '646', '312', '512', '206'])}555${String(r.int(0, 9999)).padStart(4, '0')}`
    : `+447700${String(r.int(100000, 999999))}`;
}

/** How a seeded session went: its direction, whether it failed, went unanswered or was transferred, and why it ended. */
function drawOutcome(r: ReturnType<typeof prng>) {
  const direction = r.weighted([
    ['inbound', 70],
    ['outbound', 25],
    ['web', 5],
  ] as const);
  const failed = r.next() < 0.03;
  const unanswered: EndReason | null =
    direction === 'outbound'
      ? r.weighted([
          [null, 80],
          ['no_answer', 10],
          ['busy', 5],
          ['voicemail', 5],
        ] as const)
      : null;
  const transfer = !failed && !unanswered && r.next() < 0.12;
  const endReason: EndReason = failed
    ? r.pick(['failed', 'error'] as const)
    : (unanswered ??
      (transfer
        ? 'transferred'
        : r.weighted([
            ['customer_hangup', 55],
            ['agent_hangup', 40],
            ['timeout', 5],
          ] as const)));
  const status: SessionStatus = failed ? 'failed' : 'ended';
  return { direction, failed, unanswered, transfer, endReason, status };
}

/** The turns, variables and summary of a seeded conversation of `talk` seconds (none when nobody talked). */
function drawConversation(
  r: ReturnType<typeof prng>,
  {
    agent,
    name,
    address,
    talk,
    endReason,
  }: { agent: ReturnType<typeof makeAgents>[number]; name: string; address: string; talk: number; endReason: EndReason },
) {
  const turns: TurnInput[] = [];
  const variables: { key: string; value: string }[] = [];
  let summary: string | undefined;
  if (talk > 0) {
    const first =
      agent.name === 'Payment Reminder'
        ? `Hello ${name.split(' ')[0]}, this is a reminder about your balance.`
        : `Thanks for calling, this is the ${agent.name} assistant. How can I help?`;
    turns.push({ speaker: 'agent', text: first, offsetMs: 400 });
    const exchanges = Math.min(10, 2 + Math.floor(talk / 40));
    const step = Math.floor((talk * 1000) / (exchanges * 2 + 2));
    let t = 400 + step;
    for (let i = 0; i < exchanges; i++) {
      turns.push({
        speaker: 'customer',
        text: r.pick([
          'Hi, I need some help.',
          'Can you check that for me?',
          'Yes, that works.',
          'What time is free on Tuesday?',
          'My order has not arrived.',
          'Could you repeat that?',
          'Great, thank you.',
        ]),
        offsetMs: t,
      });
      t += step;
      if (i === 1 && r.next() < 0.65) {
        const ok = r.next() < 0.93;
        const duration = r.int(80, 2400);
        turns.push({
          speaker: 'agent',
          text: `Calling ${agent.tool}`,
          offsetMs: t,
          toolCall: {
            name: agent.tool,
            request: { customer: name, phone: address, ref: r.int(10000, 99999) },
            response: ok ? { ok: true, result: r.pick(['confirmed', 'found', 'available: Tue 10:00, Tue 14:30']) } : { ok: false, error: 'upstream timeout' },
            status: ok ? 'succeeded' : 'failed',
            durationMs: duration,
          },
        });
        t += Math.max(step, duration);
      }
      turns.push({
        speaker: 'agent',
        text: r.pick(['Let me check that for you.', 'I have found it.', 'Is there anything else?', 'I have booked that for you.', 'Sure, one moment.']),
        offsetMs: t,
      });
      t += step;
    }
    for (const key of agent.vars) variables.push({ key, value: key === 'customer_name' ? name : `${key}-${r.int(100, 999)}` });
    summary = `${name} called ${agent.name}: ${endReason === 'transferred' ? 'transferred to a person' : 'resolved by the agent'} after ${talk} s.`;
  }
  return { turns, variables, summary };
}

export function generateSession(
  r: ReturnType<typeof prng>,
  options: {
    organizationId: string;
    projectId: string;
    start: Date;
    agents: ReturnType<typeof makeAgents>;
    clips: { key: string; size: number; seconds: number }[];
    numbers: readonly string[];
  },
): SessionInput {
  const agent = r.weighted(options.agents.map((a) => [a, a.weight] as const));
  const { direction, failed, unanswered, transfer, endReason, status } = drawOutcome(r);
  const name = `${r.pick(FIRST)} ${r.pick(LAST)}`;
  const address = phone(r);
  const talk = failed || (unanswered && unanswered !== 'voicemail') ? 0 : Math.round(20 + Math.exp(r.next() * 5.5));
  const { turns, variables, summary } = drawConversation(r, { agent, name, address, talk, endReason });
  const legs: LegInput[] = [{ direction, kind: 'agent', address, startOffsetSeconds: 0, durationSeconds: talk, turns }];
  if (transfer) {
    const human = r.pick(HUMANS);
    const humanTalk = r.int(30, 400);
    turns.push({ speaker: 'system', text: `Transferring to ${human}`, offsetMs: talk * 1000 });
    legs.push({
      direction: 'outbound',
      kind: 'transfer',
      address: SEED_TRANSFER_ADDRESS,
      startOffsetSeconds: talk,
      durationSeconds: humanTalk,
      turns: [
        { speaker: 'human', name: human, text: 'Hi, I have the notes from the assistant. Let me help.', offsetMs: 500 },
        { speaker: 'customer', text: 'Thanks.', offsetMs: 4000 },
      ],
    });
  }
  const clip = options.clips[r.int(0, options.clips.length - 1)];
  return {
    organizationId: options.organizationId,
    projectId: options.projectId,
    agentId: agent.id,
    agentName: agent.name,
    status,
    endReason,
    direction,
    caller: { name, address },
    phoneNumber: r.pick(options.numbers),
    startedAt: options.start,
    variables,
    summaries: summary ? [summary] : [],
    legs,
    recording: talk > 0 && r.next() < 0.85 ? { storageKey: clip.key, durationSeconds: clip.seconds, sizeBytes: clip.size } : null,
  };
}

export async function seedSessions(em: Em, store: RecordingStore, options: SeedOptions): Promise<{ created: number }> {
  const seed = options.seed ?? 1;
  const r = prng(seed);
  const days = options.days ?? 30;
  const until = (options.until ?? new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000)).getTime();
  const clips = await ensureSeedClips(store);
  // The agents and numbers the sessions name exist in the organization (made once, found again on later seeds).
  const directory = await ensureSeedDirectory(em, {
    organizationId: options.organizationId,
    projectId: options.projectId,
    agents: AGENTS,
    numbers: PLATFORM_NUMBER_COUNT,
  });
  const agents = makeAgents(options.organizationId, seed).map((a) => ({ ...a, id: directory.agentIds.get(a.name)! }));
  const batchSize = options.batchSize ?? 1000;
  const write = options.copy ? copySessions : recordSessions;
  // Day by day from the oldest, each day's sessions in time order: the
  // indexes on time and on the time-ordered ids then grow at their ends.
  // Batches are written while the next ones are generated (`writers` at a
  // time, each on its own connection), so the database and this process work
  // at the same time.
  const writers = options.copy ? 2 : 1;
  let created = 0;
  let batch: SessionInput[] = [];
  const writing: Promise<void>[] = [];
  const flush = async () => {
    const full = batch;
    batch = [];
    if (writing.length >= writers) await writing.shift();
    const written = write(em, full, () => options.priceList).then(() => {
      created += full.length;
      options.onProgress?.(created, options.sessions);
    });
    // Awaited in turn above or below; handled here too, so a failure waiting its turn is not an unhandled rejection.
    written.catch(() => undefined);
    writing.push(written);
  };
  for (let day = days - 1; day >= 0; day--) {
    const count = Math.floor((options.sessions * (days - day)) / days) - Math.floor((options.sessions * (days - day - 1)) / days);
    const dayStart = until - (day + 1) * 86_400_000;
    const starts: number[] = [];
    for (let i = 0; i < count; i++) {
      const start = dayStart + r.weighted(HOUR_WEIGHTS) * 3_600_000 + r.int(0, 3_599_999);
      starts.push(start >= until ? until - r.int(1, 86_400_000) : start);
    }
    starts.sort((a, b) => a - b);
    for (const start of starts) {
      batch.push(generateSession(r, { ...options, start: new Date(start), agents, clips, numbers: directory.numbers }));
      if (batch.length === batchSize) await flush();
    }
  }
  if (batch.length > 0) await flush();
  for (const written of writing) await written;
  return { created };
}
