import { DOMParser, type Document } from '@xmldom/xmldom';
import { addDays, busyIntervals, eventText, formatInZone, icalUtc, isoWeekday, localParts, zonedToUtc, type BusyInterval } from './ical.js';
import { ProviderError, providerRequest, statusError, type ProviderWire } from './provider-http.js';

export interface CaldavSettings {
  calendar_url: string;
  time_zone: string;
  business_hours: { days: number[]; start: string; end: string };
  slot_minutes: number;
}

export interface CaldavCredentials {
  username: string;
  password: string;
}

export interface Slot {
  start: string;
  end: string;
}

const PROVIDER = 'CalDAV';
/** Offered slots are cut here: a model reads them out, and a week of 15-minute slots is not a useful answer. */
export const MAX_SLOTS = 40;

const DAV = 'DAV:';
const CALDAV = 'urn:ietf:params:xml:ns:caldav';

/**
 * A WebDAV multistatus body, parsed by xmldom (decision 0042). Elements are
 * found by namespace and local name, so whatever prefix a server chose (`D:`,
 * `d:`, a default xmlns) is read alike, and CDATA and escaped text come out
 * as the same text. xmldom expands no entity a DTD declares and loads
 * nothing external. An error it recovers from (an HTML entity such as
 * `&nbsp;` in a display name) leaves the rest of the document readable and is
 * not reported; a body that is not XML at all is the server's fault.
 */
function parseMultistatus(body: string): Document {
  try {
    return new DOMParser({ onError: () => undefined }).parseFromString(body, 'application/xml');
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new ProviderError(PROVIDER, 'provider_error', `${PROVIDER} answered 207 with a body that is not XML: ${reason.slice(0, 200)}`, 207);
  }
}

/** The iCalendar texts in a calendar-query's multistatus (its calendar-data elements). */
export function calendarDataTexts(body: string): string[] {
  const elements = parseMultistatus(body).getElementsByTagNameNS(CALDAV, 'calendar-data');
  return Array.from(elements, (e) => e.textContent ?? '').filter((text) => text.trim() !== '');
}

/** From a PROPFIND's multistatus: whether the resourcetype names a calendar, and the display name if there is one. */
export function calendarCollectionProps(body: string): { calendar: boolean; display_name: string | null } {
  const document = parseMultistatus(body);
  const types = Array.from(document.getElementsByTagNameNS(DAV, 'resourcetype'));
  const calendar = types.some((type) => type.getElementsByTagNameNS(CALDAV, 'calendar').length > 0);
  const name = document.getElementsByTagNameNS(DAV, 'displayname')[0]?.textContent?.trim();
  return { calendar, display_name: name || null };
}

/** The calendar URL as a collection (a trailing slash), so member names resolve inside it. */
export function collectionUrl(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

function minutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

/**
 * A CalDAV calendar (RFC 4791) over HTTP Basic, through the guarded client.
 * validate: PROPFIND Depth 0 must find a calendar collection. busy: REPORT
 * calendar-query with a time-range, the VEVENTs read by ical.ts. book: PUT of
 * one VEVENT with `If-None-Match: *` at a name derived from the UID, so a
 * repeated booking (same idempotency key, same UID) is refused by the server
 * (412) instead of stored twice, and reads as already booked.
 */
export function createCaldavClient(settings: CaldavSettings, credentials: CaldavCredentials, wire: ProviderWire) {
  const base = collectionUrl(settings.calendar_url);
  const auth = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  const zone = settings.time_zone;

  async function dav(method: string, url: string, headers: Record<string, string>, body?: string) {
    return providerRequest(PROVIDER, wire, url, { method, headers: { authorization: auth, ...headers }, body });
  }
  const failure = (response: { status: number; text: string; headers: Record<string, string> }, what: string) => {
    const error = statusError(PROVIDER, { ...response, url: base }, what);
    if (error.kind === 'not_found') return new ProviderError(PROVIDER, 'not_found', `There is no calendar at ${base} (404)`, 404);
    return error;
  };

  async function busy(from: number, to: number): Promise<BusyInterval[]> {
    const body =
      '<?xml version="1.0" encoding="utf-8"?>\n' +
      '<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">' +
      '<D:prop><D:getetag/><C:calendar-data/></D:prop>' +
      '<C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT">' +
      `<C:time-range start="${icalUtc(from)}" end="${icalUtc(to)}"/>` +
      '</C:comp-filter></C:comp-filter></C:filter></C:calendar-query>';
    const response = await dav('REPORT', base, { depth: '1', 'content-type': 'application/xml; charset=utf-8' }, body);
    if (response.status !== 207) throw failure(response, 'the calendar query was refused');
    return busyIntervals(calendarDataTexts(response.text), zone, from, to);
  }

  return {
    /** The calendar exists and the credentials open it; its display name if it has one. */
    async validate(): Promise<{ display_name: string | null }> {
      const body =
        '<?xml version="1.0" encoding="utf-8"?>\n' +
        '<D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:resourcetype/><D:displayname/><C:supported-calendar-component-set/></D:prop></D:propfind>';
      const response = await dav('PROPFIND', base, { depth: '0', 'content-type': 'application/xml; charset=utf-8' }, body);
      if (response.status !== 207) throw failure(response, 'PROPFIND on the calendar was refused');
      const props = calendarCollectionProps(response.text);
      if (!props.calendar) {
        throw new ProviderError(PROVIDER, 'invalid', `${base} is not a calendar collection (give the address of the calendar itself, not of the account)`, 207);
      }
      return { display_name: props.display_name };
    },

    busy,

    /**
     * Free slots of `durationMinutes` in business hours between two local
     * dates (inclusive), stepping by the connection's slot length, none in
     * the past, none overlapping busy time; at most MAX_SLOTS.
     */
    async availability(input: { fromDate: string; toDate: string; durationMinutes: number; now?: number }): Promise<{ slots: Slot[]; truncated: boolean }> {
      const [fy, fm, fd] = input.fromDate.split('-').map(Number);
      const [ty, tm, td] = input.toDate.split('-').map(Number);
      const first = { y: fy, mo: fm, d: fd };
      const days = Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / 86_400_000) + 1;
      const from = zonedToUtc({ ...first, h: 0, mi: 0, s: 0 }, zone);
      const last = addDays(first, days);
      const to = zonedToUtc({ ...last, h: 0, mi: 0, s: 0 }, zone);
      const taken = await busy(from, to);
      const now = input.now ?? Date.now();
      const open = minutes(settings.business_hours.start);
      const close = minutes(settings.business_hours.end);
      const length = input.durationMinutes * 60_000;
      const slots: Slot[] = [];
      let truncated = false;
      for (let i = 0; i < days && !truncated; i++) {
        const day = addDays(first, i);
        if (!settings.business_hours.days.includes(isoWeekday(day.y, day.mo, day.d))) continue;
        for (let m = open; m + input.durationMinutes <= close; m += settings.slot_minutes) {
          const start = zonedToUtc({ ...day, h: Math.floor(m / 60), mi: m % 60, s: 0 }, zone);
          const end = start + length;
          if (start <= now || taken.some((b) => b.start < end && b.end > start)) continue;
          if (slots.length >= MAX_SLOTS) {
            truncated = true;
            break;
          }
          slots.push({ start: formatInZone(start, zone), end: formatInZone(end, zone) });
        }
      }
      return { slots, truncated };
    },

    /** True when [start, end) lies within business hours of one day. */
    withinBusinessHours(start: number, end: number): boolean {
      const s = localParts(start, zone);
      const e = localParts(end - 1, zone);
      if (s.y !== e.y || s.mo !== e.mo || s.d !== e.d) return false;
      if (!settings.business_hours.days.includes(s.weekday)) return false;
      const startMin = s.h * 60 + s.mi;
      const endMin = startMin + Math.round((end - start) / 60_000);
      return startMin >= minutes(settings.business_hours.start) && endMin <= minutes(settings.business_hours.end);
    },

    /** Stores the event; `created: false` when an event with this UID exists already (a repeated booking). */
    async book(event: { uid: string; start: number; end: number; summary: string; description: string }): Promise<{ created: boolean; href: string }> {
      const href = base + encodeURIComponent(`${event.uid}.ics`);
      const response = await dav('PUT', href, { 'content-type': 'text/calendar; charset=utf-8', 'if-none-match': '*' }, eventText(event));
      if (response.status === 201 || response.status === 204 || response.status === 200) return { created: true, href };
      if (response.status === 412) return { created: false, href };
      throw failure(response, 'storing the event was refused');
    },
  };
}
export type CaldavClient = ReturnType<typeof createCaldavClient>;
