/**
 * The parts of iCalendar (RFC 5545) a booking calendar needs: reading the
 * VEVENTs a CalDAV server returns as busy time, and writing one VEVENT.
 * Reading and recurrence expansion are ical.js's (decision 0041): every RRULE
 * part (BYDAY with ordinals, BYMONTHDAY, BYSETPOS, ...), RDATE, EXDATE and
 * overridden instances by RECURRENCE-ID. Time zones: a TZID defined by a
 * VTIMEZONE in the calendar is read with that definition; a TZID without one
 * that is an IANA name is read with the runtime's zone data; floating and
 * all-day times, and any other TZID, are read in the calendar's own time zone.
 * Writing stays here: ical.js folds a continuation line to 76 octets with its
 * leading space, and RFC 5545 asks for 75.
 */
import ICAL from 'ical.js';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

export function isTimeZone(zone: string): boolean {
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

export interface LocalTime {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

/** The wall time of an instant in `zone`. */
export function localParts(utcMs: number, zone: string): LocalTime & { weekday: number } {
  const parts = Object.fromEntries(
    formatter(zone)
      .formatToParts(new Date(utcMs))
      .map((p) => [p.type, p.value]),
  );
  const t = { y: Number(parts.year), mo: Number(parts.month), d: Number(parts.day), h: Number(parts.hour), mi: Number(parts.minute), s: Number(parts.second) };
  return { ...t, weekday: isoWeekday(t.y, t.mo, t.d) };
}

/** 1 Monday ... 7 Sunday. */
export function isoWeekday(y: number, mo: number, d: number): number {
  return ((new Date(Date.UTC(y, mo - 1, d)).getUTCDay() + 6) % 7) + 1;
}

function offsetMs(utcMs: number, zone: string): number {
  const t = localParts(utcMs, zone);
  return Date.UTC(t.y, t.mo - 1, t.d, t.h, t.mi, t.s) - Math.floor(utcMs / 1000) * 1000;
}

/** The instant of a wall time in `zone` (a time skipped by a DST change moves forward by the gap). */
export function zonedToUtc(t: LocalTime, zone: string): number {
  const wall = Date.UTC(t.y, t.mo - 1, t.d, t.h, t.mi, t.s);
  const first = wall - offsetMs(wall, zone);
  return wall - offsetMs(first, zone);
}

/** 2026-11-25T09:00:00+01:00: the instant as the calendar's wall time with its offset. */
export function formatInZone(utcMs: number, zone: string): string {
  const t = localParts(utcMs, zone);
  const off = Math.round(offsetMs(utcMs, zone) / 60000);
  const sign = off < 0 ? '-' : '+';
  const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, '0');
  return `${pad(t.y, 4)}-${pad(t.mo)}-${pad(t.d)}T${pad(t.h)}:${pad(t.mi)}:${pad(t.s)}${sign}${pad(Math.floor(Math.abs(off) / 60))}:${pad(Math.abs(off) % 60)}`;
}

/** 20261125T090000Z */
export function icalUtc(utcMs: number): string {
  return new Date(utcMs)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function addDays(t: { y: number; mo: number; d: number }, days: number): { y: number; mo: number; d: number } {
  const date = new Date(Date.UTC(t.y, t.mo - 1, t.d + days));
  return { y: date.getUTCFullYear(), mo: date.getUTCMonth() + 1, d: date.getUTCDate() };
}

export interface BusyInterval {
  start: number;
  end: number;
  uid: string | null;
}

const WEEK_MS = 7 * 86_400_000;

/**
 * An IANA time zone for ical.js, from the runtime's zone data. CalDAV servers
 * often send `TZID=Europe/Berlin` without the VTIMEZONE that RFC 5545 asks
 * for; without this, ical.js would read such times as floating.
 */
class IanaZone extends ICAL.Timezone {
  /**
   * The offset through each week (weeks counted from the epoch): one number,
   * or the instant it changes with the offsets before and after. ical.js asks
   * for offsets several times for each instance of a rule it expands, and
   * asking Intl each time made expansion several times slower than ical.js
   * itself; a week costs two Intl conversions, and about twenty more when the
   * offset changes in it. Cleared when full: an entry never goes stale.
   */
  private readonly weeks = new Map<number, number | { at: number; before: number; after: number }>();

  constructor(tzid: string) {
    super({ tzid });
  }

  /** Seconds east of UTC at the wall time `tt` in this zone, as zonedToUtc reads it (a skipped time moves forward). */
  override utcOffset(tt: ICAL.Time): number {
    const wall = Date.UTC(tt.year, tt.month - 1, tt.day, tt.hour, tt.minute, tt.second);
    return this.offsetAt(wall - this.offsetAt(wall)) / 1000;
  }

  /**
   * The offset at an instant, as offsetMs gives it. Limit: an offset that
   * changes and changes back within one week is not seen.
   */
  private offsetAt(utcMs: number): number {
    const week = Math.floor(utcMs / WEEK_MS);
    let entry = this.weeks.get(week);
    if (entry === undefined) {
      entry = this.week(week * WEEK_MS, (week + 1) * WEEK_MS);
      if (this.weeks.size >= 100_000) this.weeks.clear();
      this.weeks.set(week, entry);
    }
    return typeof entry === 'number' ? entry : utcMs < entry.at ? entry.before : entry.after;
  }

  /** The offset through [start, end); a change in it is found to the second by bisection. */
  private week(start: number, end: number): number | { at: number; before: number; after: number } {
    const before = offsetMs(start, this.tzid);
    if (offsetMs(end, this.tzid) === before) return before;
    let lo = start;
    let hi = end;
    while (hi - lo > 1000) {
      const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
      if (offsetMs(mid, this.tzid) === before) lo = mid;
      else hi = mid;
    }
    return { at: hi, before, after: offsetMs(hi, this.tzid) };
  }
}

/**
 * Registers an IanaZone for each TZID in a parsed calendar (jCal) that names
 * an IANA zone. ical.js looks a TZID up in the calendar's VTIMEZONEs first and
 * in this registry only when the calendar has no definition, so a VTIMEZONE
 * always wins. The registry is ical.js's global one; nothing else in the
 * process uses ical.js, and an entry's answers depend only on its name.
 */
function registerZones(jcal: unknown): void {
  if (!Array.isArray(jcal)) return;
  const [, properties, components] = jcal as [string, unknown[][], unknown[]];
  for (const property of properties ?? []) {
    const tzid = (property[1] as Record<string, unknown> | undefined)?.tzid;
    if (typeof tzid === 'string' && !ICAL.TimezoneService.has(tzid) && isTimeZone(tzid)) ICAL.TimezoneService.register(new IanaZone(tzid), tzid);
  }
  for (const component of components ?? []) registerZones(component);
}

/** The VEVENTs of one iCalendar text; a text ical.js cannot parse has none (as a line it cannot read had no effect before). */
function readEvents(text: string): ICAL.Component[] {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch {
    return [];
  }
  // ICAL.parse answers one component, or a list when the text holds several.
  const roots = (Array.isArray(parsed) && typeof parsed[0] === 'string' ? [parsed] : (parsed as unknown[])) ?? [];
  return roots.flatMap((jcal) => {
    registerZones(jcal);
    const root = new ICAL.Component(jcal as unknown[]);
    return root.name === 'vevent' ? [root] : root.getAllSubcomponents('vevent');
  });
}

/** The instant of an ical.js time: zoned and UTC times carry their offset, floating and all-day ones are the calendar's wall time. */
function instant(time: ICAL.Time, zone: string): number {
  if (time.isDate || time.zone === ICAL.Timezone.localTimezone) {
    return zonedToUtc({ y: time.year, mo: time.month, d: time.day, h: time.hour, mi: time.minute, s: time.second }, zone);
  }
  return time.toUnixTime() * 1000;
}

function isFree(event: ICAL.Event): boolean {
  const value = (name: string) =>
    String(event.component.getFirstPropertyValue(name) ?? '')
      .trim()
      .toUpperCase();
  return value('transp') === 'TRANSPARENT' || value('status') === 'CANCELLED';
}

/** Expansion stops here: a rule of thousands of instances before the window is not worth following. */
const MAX_INSTANCES = 5000;

/**
 * The busy intervals of the VEVENTs in `calendars` (iCalendar texts) that
 * overlap [from, to): transparent and cancelled events are free time;
 * recurring events are expanded; an instance with an override is replaced
 * by the override. An event ical.js cannot read (no DTSTART, a rule it
 * cannot expand) is left out rather than failing the whole calendar.
 */
export function busyIntervals(calendars: string[], zone: string, from: number, to: number): BusyInterval[] {
  const components = calendars.flatMap(readEvents);
  const events = components.map((c) => new ICAL.Event(c));
  const masters = events.filter((e) => !e.isRecurrenceException());
  const overrides = events.filter((e) => e.isRecurrenceException());
  const busy: BusyInterval[] = [];
  const add = (start: number, end: number, uid: string | null) => {
    if (end > start && start < to && end > from) busy.push({ start, end, uid });
  };

  // An override is busy (or free) time of its own, wherever it moved the
  // instance to: its original instance may lie outside the window.
  const overridden = new Set<string>();
  for (const event of overrides) {
    try {
      if (event.uid) overridden.add(`${event.uid}@${instant(event.recurrenceId, zone)}`);
      if (!isFree(event)) add(instant(event.startDate, zone), instant(event.endDate, zone), event.uid || null);
    } catch {
      // An override ical.js cannot read (no DTSTART, a malformed time) is left out, as below.
    }
  }

  for (const event of masters) {
    try {
      const uid = event.uid || null;
      if (!event.isRecurring()) {
        if (!isFree(event)) add(instant(event.startDate, zone), instant(event.endDate, zone), uid);
        continue;
      }
      // Overrides are related so that one with RANGE=THISANDFUTURE shifts the instances after it.
      if (event.uid) for (const override of overrides) if (override.uid === event.uid) event.relateException(override);
      const iterator = event.iterator();
      for (let i = 0; i < MAX_INSTANCES; i++) {
        const next = iterator.next();
        if (!next) break;
        const at = instant(next, zone);
        if (at >= to) break;
        if (overridden.has(`${event.uid}@${at}`)) continue;
        const details = event.getOccurrenceDetails(next);
        if (isFree(details.item)) continue;
        add(instant(details.startDate, zone), instant(details.endDate, zone), uid);
      }
    } catch {
      // An event ical.js cannot read or expand (no DTSTART, a rule it gives up on) keeps the instances found so far.
    }
  }
  return busy.sort((a, b) => a.start - b.start);
}

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded (RFC 5545 3.1), never inside a UTF-8 sequence. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const bytes = Buffer.byteLength(ch);
    if (size + bytes > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += bytes;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function eventText(event: { uid: string; start: number; end: number; summary: string; description: string; now?: number }): string {
  return (
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Voice Agent Platform//Integrations//EN',
      'CALSCALE:GREGORIAN',
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${icalUtc(event.now ?? Date.now())}`,
      `DTSTART:${icalUtc(event.start)}`,
      `DTEND:${icalUtc(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      'STATUS:CONFIRMED',
      'TRANSP:OPAQUE',
      'END:VEVENT',
      'END:VCALENDAR',
    ]
      .map(fold)
      .join('\r\n') + '\r\n'
  );
}
