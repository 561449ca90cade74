import { createHash } from 'node:crypto';
import { DomainError } from '../../errors.js';
import { CALL_OUTCOMES, type CallOutcome, type SimulationSettings } from '../telephony.entity.js';
import type { AvailableNumber, OwnedNumber, PlacedCall, SearchNumbersInput, TelephonyProvider } from './telephony-provider.js';

/**
 * The built-in carrier: campaigns and tests run fully offline on it. Its
 * number pool is deterministic (the fictional 555 exchange in North America,
 * Ofcom's drama range 020 7946 in the UK), and each callee's outcome is a
 * pure function of the number and the settings: the first matching rule,
 * else a SHA-256 bucket of seed + number over the distribution. The same
 * number therefore has the same outcome on every run and machine, so a test
 * can compute the expected counts from the rules alone.
 */
export const DEFAULT_SIMULATION: SimulationSettings = {
  seed: 'voice-platform',
  rules: [],
  distribution: { answered: 60, no_answer: 15, busy: 10, voicemail: 10, failed: 5 },
};

const POOLS: Record<string, { areaCodes: string[]; make: (area: string, i: number) => string; locality: Record<string, string> }> = {
  US: {
    areaCodes: ['415', '212', '312', '206', '512'],
    make: (area, i) => `+1${area}555${String(i).padStart(4, '0')}`,
    locality: { 415: 'San Francisco', 212: 'New York', 312: 'Chicago', 206: 'Seattle', 512: 'Austin' },
  },
  CA: {
    areaCodes: ['416', '604', '514'],
    make: (area, i) => `+1${area}555${String(i).padStart(4, '0')}`,
    locality: { 416: 'Toronto', 604: 'Vancouver', 514: 'Montreal' },
  },
  GB: {
    areaCodes: ['20'],
    make: (_area, i) => `+44207946${String(i % 1000).padStart(4, '0')}`,
    locality: { 20: 'London' },
  },
};
const POOL_SIZE = 10_000;

export function simulatedOutcome(to: string, settings: SimulationSettings = DEFAULT_SIMULATION): CallOutcome {
  for (const rule of settings.rules) if (to.endsWith(rule.suffix)) return rule.outcome;
  const bucket = createHash('sha256').update(`${settings.seed}\n${to}`).digest().readUInt32BE(0) % 100;
  let upper = 0;
  for (const outcome of CALL_OUTCOMES) {
    upper += settings.distribution[outcome] ?? 0;
    if (bucket < upper) return outcome;
  }
  return 'failed';
}

/**
 * `isTaken` lets the search skip numbers someone on the platform already
 * holds (the pool is shared, as a real carrier's inventory is).
 */
export function createSimulatedCarrier(settings: SimulationSettings = DEFAULT_SIMULATION): TelephonyProvider {
  return {
    kind: 'simulated',
    async placeCall(input): Promise<PlacedCall> {
      const callId = `sim_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}`;
      return { callId, status: simulatedOutcome(input.to, settings) };
    },
    async hangUp(): Promise<void> {
      // Simulated calls have ended by the time placeCall answers: nothing to hang up.
    },
    async searchNumbers(input: SearchNumbersInput): Promise<AvailableNumber[]> {
      return simulatedPool(input).slice(0, input.limit);
    },
    async buyNumber(number: string): Promise<OwnedNumber> {
      if (!inPool(number)) {
        throw new DomainError('UNPROCESSABLE', `${number} is not a number the simulated carrier sells: pick one from phone number search`, {
          issues: [{ field: 'number', message: "not in the simulated carrier's pool" }],
        });
      }
      return { number, providerNumberId: `simnum_${number.slice(1)}`, status: 'active' };
    },
    async importNumber(): Promise<OwnedNumber> {
      throw new DomainError('UNPROCESSABLE', 'Numbers are imported from Twilio or Telnyx; the simulated carrier sells its own (purchase)', {
        issues: [{ field: 'connection_id', message: 'must be a twilio or telnyx connection' }],
      });
    },
    async validateCredentials(): Promise<void> {},
  };
}

/** Every pool number matching the search, in a stable order (before `limit`, so the caller can skip taken ones). */
export function simulatedPool(input: Omit<SearchNumbersInput, 'limit'>): AvailableNumber[] {
  const pool = POOLS[input.country];
  if (!pool) {
    throw new DomainError('VALIDATION_FAILED', `The simulated carrier has numbers in ${Object.keys(POOLS).join(', ')} only`, {
      issues: [{ field: 'country', message: `must be one of ${Object.keys(POOLS).join(', ')} for the simulated carrier` }],
    });
  }
  const areas = input.areaCode ? pool.areaCodes.filter((a) => a === input.areaCode) : pool.areaCodes;
  const out: AvailableNumber[] = [];
  for (const area of areas) {
    const size = input.country === 'GB' ? 1000 : POOL_SIZE;
    for (let i = 0; i < size; i++) {
      const number = pool.make(area, i);
      if (input.contains && !number.slice(1).includes(input.contains)) continue;
      out.push({ number, country: input.country, locality: pool.locality[area] ?? null, region: null });
    }
  }
  return out;
}

function inPool(number: string): boolean {
  if (/^\+1\d{3}555\d{4}$/.test(number)) {
    const area = number.slice(2, 5);
    return POOLS.US.areaCodes.includes(area) || POOLS.CA.areaCodes.includes(area);
  }
  return /^\+44207946\d{4}$/.test(number) && Number(number.slice(-4)) < 1000;
}
