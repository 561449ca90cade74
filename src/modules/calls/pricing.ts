import { COST_COMPONENTS, type CostComponent, type PriceList } from '../org/org.entity.js';
import type { CostLine } from './calls.entity.js';

/**
 * Prices phone time per second, pro rata of a per-minute price, in integer
 * micros: 204 s at 156000 micros a minute is 204 * 156000 / 60 = 530400.
 * The agent's own leg pays every component; a leg to a party the call was
 * transferred to pays for telephony and the platform only (no model, voice or
 * transcription runs on it). A session's total is the sum of its lines, so the
 * breakdown always adds up.
 */
const TRANSFER_COMPONENTS: readonly CostComponent[] = ['telephony', 'platform'];

export function priceLeg(kind: 'agent' | 'transfer', seconds: number, prices: PriceList): CostLine[] {
  const components = kind === 'agent' ? COST_COMPONENTS : TRANSFER_COMPONENTS;
  const perMinute = components.map((c) => prices.perMinuteMicros[c] ?? 0);
  // The leg's total is rounded once; the components share it by largest
  // remainder, so they add up to exactly the pro-rata price of the whole.
  const exact = perMinute.map((p) => (seconds * p) / 60);
  const amounts = exact.map(Math.floor);
  const total = Math.round(exact.reduce((a, b) => a + b, 0));
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0, left = total - amounts.reduce((a, b) => a + b, 0); left > 0; k++, left--) amounts[order[k % order.length][1]]++;
  return components.map((component, i) => ({
    component,
    seconds,
    per_minute_micros: perMinute[i],
    amount_micros: amounts[i],
  }));
}

export function sumLines(lines: CostLine[]): number {
  return lines.reduce((sum, l) => sum + l.amount_micros, 0);
}
