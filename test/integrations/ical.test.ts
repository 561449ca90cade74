import { describe, it, expect } from '@jest/globals';
import { busyIntervals, eventText, formatInZone, zonedToUtc } from '../../src/modules/integrations/ical.js';

/** The iCalendar reading and writing behind availability and booking (ical.ts), on texts as CalDAV servers return them. */
const cal = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR'].join('\r\n');
const at = (iso: string) => Date.parse(iso);
const spans = (texts: string[], zone: string, from: string, to: string) =>
  busyIntervals(texts, zone, at(from), at(to)).map((b) => [new Date(b.start).toISOString(), new Date(b.end).toISOString()]);

describe('busy time from VEVENTs', () => {
  it('reads UTC, TZID, floating and all-day times, DTEND or DURATION, and skips transparent and cancelled events', () => {
    const texts = [
      cal('BEGIN:VEVENT', 'UID:a', 'DTSTART:20991123T080000Z', 'DTEND:20991123T090000Z', 'END:VEVENT'),
      cal('BEGIN:VEVENT', 'UID:b', 'DTSTART;TZID=America/New_York:20991123T090000', 'DURATION:PT1H30M', 'END:VEVENT'),
      cal('BEGIN:VEVENT', 'UID:c', 'DTSTART:20991123T120000', 'DTEND:20991123T121500', 'END:VEVENT'),
      cal('BEGIN:VEVENT', 'UID:d', 'DTSTART;VALUE=DATE:20991124', 'END:VEVENT'),
      cal('BEGIN:VEVENT', 'UID:e', 'DTSTART:20991123T100000Z', 'DTEND:20991123T110000Z', 'TRANSP:TRANSPARENT', 'END:VEVENT'),
      cal('BEGIN:VEVENT', 'UID:f', 'DTSTART:20991123T100000Z', 'DTEND:20991123T110000Z', 'STATUS:CANCELLED', 'END:VEVENT'),
    ];
    expect(spans(texts, 'Europe/Berlin', '2099-11-23T00:00:00Z', '2099-11-25T00:00:00Z')).toEqual([
      ['2099-11-23T08:00:00.000Z', '2099-11-23T09:00:00.000Z'],
      // Floating 12:00 is read in the calendar's zone (Berlin, UTC+1).
      ['2099-11-23T11:00:00.000Z', '2099-11-23T11:15:00.000Z'],
      ['2099-11-23T14:00:00.000Z', '2099-11-23T15:30:00.000Z'],
      // All day in Berlin.
      ['2099-11-23T23:00:00.000Z', '2099-11-24T23:00:00.000Z'],
    ]);
  });

  it('expands daily, weekly, monthly rules with COUNT, UNTIL, EXDATE and overridden instances, keeping wall time across DST', () => {
    const texts = [
      cal(
        'BEGIN:VEVENT',
        'UID:daily',
        'DTSTART;TZID=Europe/Berlin:20990322T090000',
        'DTEND;TZID=Europe/Berlin:20990322T093000',
        'RRULE:FREQ=DAILY;UNTIL=20990401T000000Z',
        'EXDATE;TZID=Europe/Berlin:20990329T090000',
        'END:VEVENT',
      ),
      // The 30 March instance moved to 14:00.
      cal(
        'BEGIN:VEVENT',
        'UID:daily',
        'RECURRENCE-ID;TZID=Europe/Berlin:20990330T090000',
        'DTSTART;TZID=Europe/Berlin:20990330T140000',
        'DTEND;TZID=Europe/Berlin:20990330T143000',
        'END:VEVENT',
      ),
    ];
    const got = spans(texts, 'UTC', '2099-03-28T00:00:00Z', '2099-04-02T00:00:00Z');
    expect(got).toEqual([
      ['2099-03-28T08:00:00.000Z', '2099-03-28T08:30:00.000Z'],
      // Summer time from 29 March: 09:00 Berlin is 07:00 UTC. The 29th is excluded, the 30th moved.
      ['2099-03-30T12:00:00.000Z', '2099-03-30T12:30:00.000Z'],
      ['2099-03-31T07:00:00.000Z', '2099-03-31T07:30:00.000Z'],
    ]);
    const monthly = [cal('BEGIN:VEVENT', 'UID:m', 'DTSTART:20990131T100000Z', 'DURATION:PT1H', 'RRULE:FREQ=MONTHLY;COUNT=4', 'END:VEVENT')];
    // The 31st: January, March (February and April have none), May is the fourth... COUNT counts the instances that exist.
    expect(spans(monthly, 'UTC', '2099-01-01T00:00:00Z', '2099-12-31T00:00:00Z').map(([s]) => s.slice(0, 10))).toEqual([
      '2099-01-31',
      '2099-03-31',
      '2099-05-31',
      '2099-07-31',
    ]);
    const biweekly = [cal('BEGIN:VEVENT', 'UID:w', 'DTSTART:20991102T100000Z', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE', 'END:VEVENT')];
    expect(spans(biweekly, 'UTC', '2099-11-01T00:00:00Z', '2099-11-30T00:00:00Z').map(([s]) => s.slice(0, 10))).toEqual([
      '2099-11-02',
      '2099-11-04',
      '2099-11-16',
      '2099-11-18',
    ]);
  });
});

describe('recurrence rules beyond the plain frequency (ical.js)', () => {
  const hours = (texts: string[], zone: string, from: string, to: string) => spans(texts, zone, from, to);

  it('expands weekly and daily rules by BYDAY, and a week start (WKST) that changes which weeks count', () => {
    const weekly = [cal('BEGIN:VEVENT', 'UID:w', 'DTSTART:20990601T090000Z', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=5', 'END:VEVENT')];
    expect(hours(weekly, 'UTC', '2099-06-01T00:00:00Z', '2099-07-01T00:00:00Z')).toEqual([
      ['2099-06-01T09:00:00.000Z', '2099-06-01T10:00:00.000Z'],
      ['2099-06-03T09:00:00.000Z', '2099-06-03T10:00:00.000Z'],
      ['2099-06-05T09:00:00.000Z', '2099-06-05T10:00:00.000Z'],
      ['2099-06-08T09:00:00.000Z', '2099-06-08T10:00:00.000Z'],
      ['2099-06-10T09:00:00.000Z', '2099-06-10T10:00:00.000Z'],
    ]);
    // A daily rule limited to three weekdays: not busy on the Tuesday, Thursday or the weekend.
    const daily = [
      cal(
        'BEGIN:VEVENT',
        'UID:d',
        'DTSTART:20990601T140000Z',
        'DTEND:20990601T143000Z',
        'RRULE:FREQ=DAILY;BYDAY=MO,WE,FR;UNTIL=20990607T235959Z',
        'END:VEVENT',
      ),
    ];
    expect(hours(daily, 'UTC', '2099-06-01T00:00:00Z', '2099-06-08T00:00:00Z')).toEqual([
      ['2099-06-01T14:00:00.000Z', '2099-06-01T14:30:00.000Z'],
      ['2099-06-03T14:00:00.000Z', '2099-06-03T14:30:00.000Z'],
      ['2099-06-05T14:00:00.000Z', '2099-06-05T14:30:00.000Z'],
    ]);
    // RFC 5545's own example: every other week on Tuesday and Sunday, weeks starting on Sunday.
    const wkst = [
      cal('BEGIN:VEVENT', 'UID:s', 'DTSTART:20990602T090000Z', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU', 'END:VEVENT'),
    ];
    expect(hours(wkst, 'UTC', '2099-06-01T00:00:00Z', '2099-07-15T00:00:00Z').map(([s]) => s.slice(0, 10))).toEqual([
      '2099-06-02',
      '2099-06-14',
      '2099-06-16',
      '2099-06-28',
    ]);
  });

  it('expands monthly rules by BYMONTHDAY (negative days count from the end of the month)', () => {
    const texts = [cal('BEGIN:VEVENT', 'UID:m', 'DTSTART:20990301T080000Z', 'DURATION:PT30M', 'RRULE:FREQ=MONTHLY;BYMONTHDAY=1,15,-1;COUNT=7', 'END:VEVENT')];
    expect(hours(texts, 'UTC', '2099-03-01T00:00:00Z', '2099-12-01T00:00:00Z')).toEqual([
      ['2099-03-01T08:00:00.000Z', '2099-03-01T08:30:00.000Z'],
      ['2099-03-15T08:00:00.000Z', '2099-03-15T08:30:00.000Z'],
      ['2099-03-31T08:00:00.000Z', '2099-03-31T08:30:00.000Z'],
      ['2099-04-01T08:00:00.000Z', '2099-04-01T08:30:00.000Z'],
      ['2099-04-15T08:00:00.000Z', '2099-04-15T08:30:00.000Z'],
      ['2099-04-30T08:00:00.000Z', '2099-04-30T08:30:00.000Z'],
      ['2099-05-01T08:00:00.000Z', '2099-05-01T08:30:00.000Z'],
    ]);
  });

  it('expands monthly rules by weekday: the first Monday (BYDAY=1MO), and the last weekday (BYSETPOS=-1)', () => {
    // 10:00 in Berlin: 09:00 UTC in winter, 08:00 UTC from the last Sunday of March (29 March 2099).
    const firstMonday = [
      cal(
        'BEGIN:VEVENT',
        'UID:fm',
        'DTSTART;TZID=Europe/Berlin:20990302T100000',
        'DTEND;TZID=Europe/Berlin:20990302T110000',
        'RRULE:FREQ=MONTHLY;BYDAY=1MO',
        'END:VEVENT',
      ),
    ];
    expect(hours(firstMonday, 'UTC', '2099-03-01T00:00:00Z', '2099-06-02T00:00:00Z')).toEqual([
      ['2099-03-02T09:00:00.000Z', '2099-03-02T10:00:00.000Z'],
      ['2099-04-06T08:00:00.000Z', '2099-04-06T09:00:00.000Z'],
      ['2099-05-04T08:00:00.000Z', '2099-05-04T09:00:00.000Z'],
      ['2099-06-01T08:00:00.000Z', '2099-06-01T09:00:00.000Z'],
    ]);
    // 31 March is a Tuesday, 30 April a Thursday; 31 May is a Sunday, so May's last weekday is Friday the 29th.
    const lastWeekday = [
      cal('BEGIN:VEVENT', 'UID:lw', 'DTSTART:20990331T160000Z', 'DURATION:PT1H', 'RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', 'END:VEVENT'),
    ];
    expect(hours(lastWeekday, 'UTC', '2099-03-01T00:00:00Z', '2099-07-01T00:00:00Z')).toEqual([
      ['2099-03-31T16:00:00.000Z', '2099-03-31T17:00:00.000Z'],
      ['2099-04-30T16:00:00.000Z', '2099-04-30T17:00:00.000Z'],
      ['2099-05-29T16:00:00.000Z', '2099-05-29T17:00:00.000Z'],
      ['2099-06-30T16:00:00.000Z', '2099-06-30T17:00:00.000Z'],
    ]);
  });

  it("leaves out instances named by EXDATE, whether given in the event's zone, in UTC or as a date", () => {
    // Monday, Wednesday and Friday at 09:00 in Berlin (07:00 UTC in June): 3, 5, 10 and 12 June are excluded.
    const texts = [
      cal(
        'BEGIN:VEVENT',
        'UID:x',
        'DTSTART;TZID=Europe/Berlin:20990601T090000',
        'DTEND;TZID=Europe/Berlin:20990601T100000',
        'RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR',
        'EXDATE;TZID=Europe/Berlin:20990603T090000,20990610T090000',
        'EXDATE:20990605T070000Z',
        'EXDATE;VALUE=DATE:20990612',
        'END:VEVENT',
      ),
    ];
    expect(hours(texts, 'UTC', '2099-06-01T00:00:00Z', '2099-06-15T00:00:00Z')).toEqual([
      ['2099-06-01T07:00:00.000Z', '2099-06-01T08:00:00.000Z'],
      ['2099-06-08T07:00:00.000Z', '2099-06-08T08:00:00.000Z'],
    ]);
  });

  it('replaces overridden instances (RECURRENCE-ID): moved, cancelled, and moved into the window from outside it', () => {
    // The second Tuesday of each month at 15:00 UTC: 10 March, 14 April, 12 May, 9 June.
    const texts = [
      cal(
        'BEGIN:VEVENT',
        'UID:o',
        'DTSTART:20990310T150000Z',
        'DTEND:20990310T160000Z',
        'RRULE:FREQ=MONTHLY;BYDAY=2TU',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:o',
        'RECURRENCE-ID:20990414T150000Z',
        'DTSTART:20990416T090000Z',
        'DTEND:20990416T100000Z',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:o',
        'RECURRENCE-ID:20990512T150000Z',
        'DTSTART:20990512T150000Z',
        'DTEND:20990512T160000Z',
        'STATUS:CANCELLED',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:o',
        'RECURRENCE-ID:20990609T150000Z',
        'DTSTART:20990528T130000Z',
        'DTEND:20990528T143000Z',
        'END:VEVENT',
      ),
    ];
    expect(hours(texts, 'UTC', '2099-03-01T00:00:00Z', '2099-06-01T00:00:00Z')).toEqual([
      ['2099-03-10T15:00:00.000Z', '2099-03-10T16:00:00.000Z'],
      ['2099-04-16T09:00:00.000Z', '2099-04-16T10:00:00.000Z'],
      ['2099-05-28T13:00:00.000Z', '2099-05-28T14:30:00.000Z'],
    ]);
  });

  it("reads a TZID defined by the calendar's VTIMEZONE (a Windows zone name), across its DST change", () => {
    const pacific = [
      'BEGIN:VTIMEZONE',
      'TZID:Pacific Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:16010101T020000',
      'TZOFFSETFROM:-0700',
      'TZOFFSETTO:-0800',
      'RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:16010101T020000',
      'TZOFFSETFROM:-0800',
      'TZOFFSETTO:-0700',
      'RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
    ];
    const texts = [
      cal(
        ...pacific,
        'BEGIN:VEVENT',
        'UID:p',
        'DTSTART;TZID=Pacific Standard Time:20990305T090000',
        'DTEND;TZID=Pacific Standard Time:20990305T100000',
        'RRULE:FREQ=WEEKLY;COUNT=3',
        'END:VEVENT',
      ),
    ];
    // 09:00 Pacific: 17:00 UTC in standard time, 16:00 UTC from 8 March 2099 (the second Sunday). The calendar's own zone (Berlin) plays no part.
    expect(hours(texts, 'Europe/Berlin', '2099-03-01T00:00:00Z', '2099-04-01T00:00:00Z')).toEqual([
      ['2099-03-05T17:00:00.000Z', '2099-03-05T18:00:00.000Z'],
      ['2099-03-12T16:00:00.000Z', '2099-03-12T17:00:00.000Z'],
      ['2099-03-19T16:00:00.000Z', '2099-03-19T17:00:00.000Z'],
    ]);
  });
});

describe('time zones and the written event', () => {
  it('converts wall times and formats with the offset', () => {
    expect(new Date(zonedToUtc({ y: 2099, mo: 7, d: 1, h: 9, mi: 0, s: 0 }, 'America/New_York')).toISOString()).toBe('2099-07-01T13:00:00.000Z');
    expect(formatInZone(at('2099-07-01T13:00:00Z'), 'America/New_York')).toBe('2099-07-01T09:00:00-04:00');
    expect(formatInZone(at('2099-11-23T08:00:00Z'), 'Asia/Kolkata')).toBe('2099-11-23T13:30:00+05:30');
  });

  it('escapes TEXT and folds long lines at 75 octets without splitting a character', () => {
    const text = eventText({
      uid: 'vp-1',
      start: at('2099-11-23T08:00:00Z'),
      end: at('2099-11-23T09:00:00Z'),
      summary: 'Appointment: Ana; Bob, "x"',
      description: `${'é'.repeat(60)}\nsecond line`,
      now: 0,
    });
    expect(text).toContain('SUMMARY:Appointment: Ana\\; Bob\\, "x"\r\n');
    expect(text).toContain('DTSTART:20991123T080000Z\r\n');
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain(`DESCRIPTION:${'é'.repeat(60)}\\nsecond line\r\n`);
    // What we write, we read back.
    expect(busyIntervals([text], 'UTC', at('2099-11-23T00:00:00Z'), at('2099-11-24T00:00:00Z'))).toEqual([
      { start: at('2099-11-23T08:00:00Z'), end: at('2099-11-23T09:00:00Z'), uid: 'vp-1' },
    ]);
  });
});
