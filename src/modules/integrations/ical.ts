/**
 * The parts of iCalendar (RFC 5545) a booking calendar needs, with no
 * dependency: reading the VEVENTs a CalDAV server returns as busy time
 * (DTSTART/DTEND/DURATION in UTC, a TZID, floating or all-day; TRANSP,
 * STATUS; RRULE with FREQ DAILY/WEEKLY/MONTHLY/YEARLY, INTERVAL, COUNT, UNTIL
 * and BYDAY for weekly rules; EXDATE; overridden instances by RECURRENCE-ID),
 * and writing one VEVENT. Limits: other BY* parts of a rule are ignored
 * (a rule using them is read as its plain frequency), and a TZID that is not
 * an IANA name is read in the calendar's own time zone.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
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

export interface LocalTime { y: number; mo: number; d: number; h: number; mi: number; s: number }

/** The wall time of an instant in `zone`. */
export function localParts(utcMs: number, zone: string): LocalTime & { weekday: number } {
  const parts = Object.fromEntries(formatter(zone).formatToParts(new Date(utcMs)).map((p) => [p.type, p.value]));
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
  return new Date(utcMs).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

export function addDays(t: { y: number; mo: number; d: number }, days: number): { y: number; mo: number; d: number } {
  const date = new Date(Date.UTC(t.y, t.mo - 1, t.d + days));
  return { y: date.getUTCFullYear(), mo: date.getUTCMonth() + 1, d: date.getUTCDate() };
}

interface Property { name: string; params: Record<string, string>; value: string }

interface RawEvent {
  uid: string | null;
  start: { ms: number; allDay: boolean; zone: string; local: LocalTime } | null;
  endMs: number | null;
  durationMs: number | null;
  transparent: boolean;
  cancelled: boolean;
  rrule: Record<string, string> | null;
  exdates: number[];
  recurrenceId: number | null;
}

export interface BusyInterval {
  start: number;
  end: number;
  uid: string | null;
}

function unfold(text: string): string[] {
  return text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/).filter((l) => l.length > 0);
}

function parseLine(line: string): Property | null {
  // NAME;PARAM=a;PARAM="b:c":value. A colon inside a quoted parameter is not the separator.
  let inQuote = false;
  let colon = -1;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') inQuote = !inQuote;
    else if (line[i] === ':' && !inQuote) {
      colon = i;
      break;
    }
  }
  if (colon < 0) return null;
  const [name, ...rawParams] = line.slice(0, colon).split(';');
  const params: Record<string, string> = {};
  for (const p of rawParams) {
    const eq = p.indexOf('=');
    if (eq > 0) params[p.slice(0, eq).toUpperCase()] = p.slice(eq + 1).replace(/^"|"$/g, '');
  }
  return { name: name.toUpperCase(), params, value: line.slice(colon + 1) };
}

const DATE_TIME = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/;

function parseDate(value: string, params: Record<string, string>, zone: string): { ms: number; allDay: boolean; zone: string; local: LocalTime } | null {
  const m = DATE_TIME.exec(value.trim());
  if (!m) return null;
  const local = { y: Number(m[1]), mo: Number(m[2]), d: Number(m[3]), h: Number(m[4] ?? 0), mi: Number(m[5] ?? 0), s: Number(m[6] ?? 0) };
  const allDay = m[4] === undefined;
  if (m[7]) return { ms: Date.UTC(local.y, local.mo - 1, local.d, local.h, local.mi, local.s), allDay: false, zone: 'UTC', local };
  const tz = params.TZID && isTimeZone(params.TZID) ? params.TZID : zone;
  return { ms: zonedToUtc(local, tz), allDay, zone: tz, local };
}

function parseDuration(value: string): number | null {
  const m = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(value.trim());
  if (!m) return null;
  const ms = (((Number(m[2] ?? 0) * 7 + Number(m[3] ?? 0)) * 24 + Number(m[4] ?? 0)) * 60 + Number(m[5] ?? 0)) * 60_000 + Number(m[6] ?? 0) * 1000;
  return m[1] === '-' ? -ms : ms;
}

function readEvents(text: string, zone: string): RawEvent[] {
  const events: RawEvent[] = [];
  const stack: string[] = [];
  let current: RawEvent | null = null;
  for (const line of unfold(text)) {
    const prop = parseLine(line);
    if (!prop) continue;
    if (prop.name === 'BEGIN') {
      stack.push(prop.value.toUpperCase());
      if (prop.value.toUpperCase() === 'VEVENT') current = { uid: null, start: null, endMs: null, durationMs: null, transparent: false, cancelled: false, rrule: null, exdates: [], recurrenceId: null };
      continue;
    }
    if (prop.name === 'END') {
      const ended = stack.pop();
      if (ended === 'VEVENT' && current) {
        events.push(current);
        current = null;
      }
      continue;
    }
    // Only the event's own properties (not those of a VALARM inside it).
    if (!current || stack.at(-1) !== 'VEVENT') continue;
    switch (prop.name) {
      case 'UID': current.uid = prop.value.trim(); break;
      case 'DTSTART': current.start = parseDate(prop.value, prop.params, zone); break;
      case 'DTEND': current.endMs = parseDate(prop.value, prop.params, zone)?.ms ?? null; break;
      case 'DURATION': current.durationMs = parseDuration(prop.value); break;
      case 'TRANSP': current.transparent = prop.value.trim().toUpperCase() === 'TRANSPARENT'; break;
      case 'STATUS': current.cancelled = prop.value.trim().toUpperCase() === 'CANCELLED'; break;
      case 'RRULE': current.rrule = Object.fromEntries(prop.value.split(';').map((kv) => kv.split('=')).filter((kv) => kv.length === 2).map(([k, v]) => [k.toUpperCase(), v.toUpperCase()])); break;
      case 'EXDATE': for (const v of prop.value.split(',')) { const d = parseDate(v, prop.params, zone); if (d) current.exdates.push(d.ms); } break;
      case 'RECURRENCE-ID': current.recurrenceId = parseDate(prop.value, prop.params, zone)?.ms ?? null; break;
      default: break;
    }
  }
  return events;
}

const WEEKDAYS: Record<string, number> = { MO: 1, TU: 2, WE: 3, TH: 4, FR: 5, SA: 6, SU: 7 };
/** Expansion stops here: a rule of thousands of instances before the window is not worth following. */
const MAX_INSTANCES = 5000;

/** The start instants of a recurring event's instances that can overlap [from, to). */
function expand(event: RawEvent & { start: NonNullable<RawEvent['start']> }, lengthMs: number, from: number, to: number): number[] {
  const rule = event.rrule!;
  const freq = rule.FREQ;
  const interval = Math.max(1, Number(rule.INTERVAL ?? 1) || 1);
  const count = rule.COUNT ? Number(rule.COUNT) : Infinity;
  const until = rule.UNTIL ? parseDate(rule.UNTIL, {}, event.start.zone)?.ms ?? Infinity : Infinity;
  const byDay = freq === 'WEEKLY' && rule.BYDAY ? rule.BYDAY.split(',').map((d) => WEEKDAYS[d.replace(/^[+-]?\d+/, '')]).filter(Boolean) : null;
  const base = event.start.local;
  const at = (day: { y: number; mo: number; d: number }) =>
    event.start.allDay ? zonedToUtc({ ...day, h: 0, mi: 0, s: 0 }, event.start.zone) : zonedToUtc({ ...base, ...day }, event.start.zone);
  const starts: number[] = [];
  let produced = 0;
  const take = (ms: number): boolean => {
    if (ms < event.start.ms) return true;
    if (ms > until || produced >= count) return false;
    produced++;
    if (ms < to && ms + lengthMs > from) starts.push(ms);
    return ms < to;
  };
  for (let i = 0; i < MAX_INSTANCES; i++) {
    if (freq === 'DAILY') {
      if (!take(at(addDays(base, i * interval)))) break;
    } else if (freq === 'WEEKLY') {
      const weekStart = addDays(base, i * 7 * interval - (isoWeekday(base.y, base.mo, base.d) - 1));
      const days = (byDay ?? [isoWeekday(base.y, base.mo, base.d)]).slice().sort((a, b) => a - b);
      let go = true;
      for (const wd of days) if (!(go = take(at(addDays(weekStart, wd - 1))))) break;
      if (!go) break;
    } else if (freq === 'MONTHLY' || freq === 'YEARLY') {
      const months = (base.mo - 1) + i * interval * (freq === 'YEARLY' ? 12 : 1);
      const day = { y: base.y + Math.floor(months / 12), mo: (months % 12) + 1, d: base.d };
      // The 31st of a 30-day month does not exist: RFC 5545 skips it.
      if (new Date(Date.UTC(day.y, day.mo - 1, day.d)).getUTCDate() !== day.d) continue;
      if (!take(at(day))) break;
    } else {
      take(event.start.ms);
      break;
    }
  }
  return starts;
}

/**
 * The busy intervals of the VEVENTs in `calendars` (iCalendar texts) that
 * overlap [from, to): transparent and cancelled events are free time;
 * recurring events are expanded; an instance with an override is replaced
 * by the override.
 */
export function busyIntervals(calendars: string[], zone: string, from: number, to: number): BusyInterval[] {
  const events = calendars.flatMap((text) => readEvents(text, zone));
  const overridden = new Set(events.filter((e) => e.recurrenceId !== null && e.uid).map((e) => `${e.uid}@${e.recurrenceId}`));
  const busy: BusyInterval[] = [];
  for (const event of events) {
    if (!event.start) continue;
    const start = event.start;
    const lengthMs = event.endMs !== null ? event.endMs - start.ms : event.durationMs ?? (start.allDay ? 86_400_000 : 0);
    if (lengthMs <= 0) continue;
    const starts = event.rrule && event.recurrenceId === null
      ? expand({ ...event, start }, lengthMs, from, to).filter((s) => !event.exdates.includes(s) && !overridden.has(`${event.uid}@${s}`))
      : [start.ms];
    if (event.transparent || event.cancelled) continue;
    for (const s of starts) if (s < to && s + lengthMs > from) busy.push({ start: s, end: s + lengthMs, uid: event.uid });
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
  return [
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
  ].map(fold).join('\r\n') + '\r\n';
}
