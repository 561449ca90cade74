import type { CallingWindow } from './campaigns.entity.js';

/**
 * Calling windows are local times in the recipient's zone. Intl gives the
 * local wall clock of an instant; the reverse (the instant of a local wall
 * time) is found by correcting a UTC guess by the zone's offset twice, which
 * is exact except inside a DST gap (then the window opens up to an hour
 * late: harmless for a calling window).
 */
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

interface Local {
  year: number;
  month: number;
  day: number;
  weekday: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function localOf(instant: Date, zone: string): Local {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    formatters.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday) + 1;
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), weekday, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** The instant at which the wall clock in `zone` reads year-month-day + minute. */
function instantOf(zone: string, year: number, month: number, day: number, minute: number): Date {
  const wall = Date.UTC(year, month - 1, day, 0, minute);
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const local = localOf(new Date(guess), zone);
    const localWall = Date.UTC(local.year, local.month - 1, local.day, 0, local.minute);
    guess += wall - localWall;
  }
  return new Date(guess);
}

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Null when `now` is inside the window in `zone`; else the next instant it opens. */
export function windowOpening(window: CallingWindow, zone: string, now: Date): Date | null {
  const start = minutes(window.start);
  const end = minutes(window.end);
  const local = localOf(now, zone);
  if (window.days.includes(local.weekday) && local.minute >= start && local.minute < end) return null;
  for (let offset = 0; offset <= 7; offset++) {
    const weekday = ((local.weekday - 1 + offset) % 7) + 1;
    if (!window.days.includes(weekday)) continue;
    if (offset === 0 && local.minute >= start) continue;
    // Calendar arithmetic on the local date (UTC has no DST), then back to an instant in the zone.
    const date = new Date(Date.UTC(local.year, local.month - 1, local.day + offset));
    return instantOf(zone, date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), start);
  }
  return null; // unreachable: days is never empty (the schema requires one)
}
