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
      cal('BEGIN:VEVENT', 'UID:daily', 'DTSTART;TZID=Europe/Berlin:20990322T090000', 'DTEND;TZID=Europe/Berlin:20990322T093000',
        'RRULE:FREQ=DAILY;UNTIL=20990401T000000Z', 'EXDATE;TZID=Europe/Berlin:20990329T090000', 'END:VEVENT'),
      // The 30 March instance moved to 14:00.
      cal('BEGIN:VEVENT', 'UID:daily', 'RECURRENCE-ID;TZID=Europe/Berlin:20990330T090000', 'DTSTART;TZID=Europe/Berlin:20990330T140000',
        'DTEND;TZID=Europe/Berlin:20990330T143000', 'END:VEVENT'),
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
    expect(spans(monthly, 'UTC', '2099-01-01T00:00:00Z', '2099-12-31T00:00:00Z').map(([s]) => s.slice(0, 10))).toEqual(['2099-01-31', '2099-03-31', '2099-05-31', '2099-07-31']);
    const biweekly = [cal('BEGIN:VEVENT', 'UID:w', 'DTSTART:20991102T100000Z', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE', 'END:VEVENT')];
    expect(spans(biweekly, 'UTC', '2099-11-01T00:00:00Z', '2099-11-30T00:00:00Z').map(([s]) => s.slice(0, 10))).toEqual(['2099-11-02', '2099-11-04', '2099-11-16', '2099-11-18']);
  });
});

describe('time zones and the written event', () => {
  it('converts wall times and formats with the offset', () => {
    expect(new Date(zonedToUtc({ y: 2099, mo: 7, d: 1, h: 9, mi: 0, s: 0 }, 'America/New_York')).toISOString()).toBe('2099-07-01T13:00:00.000Z');
    expect(formatInZone(at('2099-07-01T13:00:00Z'), 'America/New_York')).toBe('2099-07-01T09:00:00-04:00');
    expect(formatInZone(at('2099-11-23T08:00:00Z'), 'Asia/Kolkata')).toBe('2099-11-23T13:30:00+05:30');
  });

  it('escapes TEXT and folds long lines at 75 octets without splitting a character', () => {
    const text = eventText({ uid: 'vp-1', start: at('2099-11-23T08:00:00Z'), end: at('2099-11-23T09:00:00Z'), summary: 'Appointment: Ana; Bob, "x"', description: `${'é'.repeat(60)}\nsecond line`, now: 0 });
    expect(text).toContain('SUMMARY:Appointment: Ana\\; Bob\\, "x"\r\n');
    expect(text).toContain('DTSTART:20991123T080000Z\r\n');
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain(`DESCRIPTION:${'é'.repeat(60)}\\nsecond line\r\n`);
    // What we write, we read back.
    expect(busyIntervals([text], 'UTC', at('2099-11-23T00:00:00Z'), at('2099-11-24T00:00:00Z'))).toEqual([{ start: at('2099-11-23T08:00:00Z'), end: at('2099-11-23T09:00:00Z'), uid: 'vp-1' }]);
  });
});
