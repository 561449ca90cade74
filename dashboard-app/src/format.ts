export const money = (micros: number | null | undefined): string =>
  micros === null || micros === undefined ? '–' : `$${(micros / 1_000_000).toFixed(micros !== 0 && Math.abs(micros) < 10_000 ? 4 : 2)}`;

export function duration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m}m ${String(s % 60).padStart(2, '0')}s` : `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

/** An instant as the browser's local date and time, to the second. */
export const when = (iso: string | null | undefined): string => (iso ? new Date(iso).toLocaleString(undefined, { hour12: false }) : '–');

/** A transcript offset as m:ss.t */
export function offset(ms: number): string {
  const s = ms / 1000;
  return `${Math.floor(s / 60)}:${(s % 60).toFixed(1).padStart(4, '0')}`;
}

export const percent = (rate: number): string => `${(rate * 100).toFixed(1)}%`;

export const label = (value: string | null | undefined): string => (value ? value.replace(/_/g, ' ') : '–');

/** An instant for a datetime-local input (local wall time, to the minute). */
export function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
