/**
 * Raw SQL results differ by driver: pg returns int8 as a string and
 * timestamptz as text through MikroORM's parsers, PGlite returns numbers.
 * These helpers normalise them at the one place rows are mapped.
 */
export function toIso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') {
    const normal = value.includes('T') ? value : value.replace(' ', 'T');
    const withZone = /[+-]\d{2}$/.test(normal) ? `${normal}:00` : normal;
    const date = new Date(withZone);
    if (!Number.isNaN(date.getTime())) return date.toISOString();
  }
  throw new Error(`not a timestamp: ${String(value)}`);
}

export function toIsoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : toIso(value);
}

export function toInt(value: unknown): number {
  return typeof value === 'number' ? value : Number(value ?? 0);
}

/** JSON columns arrive parsed from pg, and as text from some paths. */
export function toJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
