import { describe, it, expect } from '@jest/globals';
import { calendarCollectionProps, calendarDataTexts } from '../../src/modules/integrations/caldav-client.js';
import { busyIntervals } from '../../src/modules/integrations/ical.js';
import { ProviderError } from '../../src/modules/integrations/provider-http.js';

/**
 * The multistatus bodies CalDAV servers answer, read by namespace (caldav-client.ts, xmldom): servers choose
 * their own prefixes (`D:` as Google does, `d:`/`cal:` as Nextcloud does, a default xmlns as Apple and Radicale
 * do) and send calendar-data as CDATA or as escaped text.
 */
const event = (uid: string, day: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTART:2099${day}T090000Z`,
    `DTEND:2099${day}T100000Z`,
    'SUMMARY:Tom & Jerry <review>',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
const busyDays = (texts: string[]) =>
  busyIntervals(texts, 'UTC', Date.parse('2099-06-01T00:00:00Z'), Date.parse('2099-07-01T00:00:00Z')).map((b) => `${b.uid} ${new Date(b.start).toISOString()}`);

describe('calendar-query multistatus', () => {
  it('reads calendar-data whatever the prefixes: D:, d: with cal:, and default namespaces', () => {
    const upper = `<?xml version="1.0" encoding="UTF-8"?>
<D:multistatus xmlns:D="DAV:" xmlns:caldav="urn:ietf:params:xml:ns:caldav">
  <D:response><D:href>/cal/a.ics</D:href><D:propstat><D:prop><D:getetag>"1"</D:getetag>
    <caldav:calendar-data><![CDATA[${event('a', '0601')}]]></caldav:calendar-data></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>
</D:multistatus>`;
    const lower = `<?xml version="1.0"?>
<d:multistatus xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns" xmlns:cal="urn:ietf:params:xml:ns:caldav">
  <d:response><d:href>/remote.php/dav/calendars/ana/work/b.ics</d:href><d:propstat><d:prop>
    <cal:calendar-data>${escaped(event('b', '0602'))}</cal:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>
</d:multistatus>`;
    const defaults = `<?xml version='1.0' encoding='UTF-8'?>
<multistatus xmlns='DAV:'>
  <response><href>/cal/c.ics</href><propstat><prop>
    <calendar-data xmlns='urn:ietf:params:xml:ns:caldav'>${escaped(event('c', '0603'))}</calendar-data>
  </prop><status>HTTP/1.1 200 OK</status></propstat></response>
  <response><href>/cal/d.ics</href><propstat><prop>
    <C:calendar-data xmlns:C='urn:ietf:params:xml:ns:caldav'><![CDATA[${event('d', '0604')}]]></C:calendar-data>
  </prop><status>HTTP/1.1 200 OK</status></propstat></response>
</multistatus>`;
    const texts = [upper, lower, defaults].flatMap(calendarDataTexts);
    expect(texts).toHaveLength(4);
    // XML reads line ends as LF (an escaped CR stays): the text is the event either way, and iCalendar accepts both.
    expect(texts[0]).toBe(event('a', '0601').replace(/\r\n/g, '\n'));
    expect(texts[1]).toBe(event('b', '0602'));
    expect(texts[1]).toContain('SUMMARY:Tom & Jerry <review>\r\n');
    expect(busyDays(texts)).toEqual(['a 2099-06-01T09:00:00.000Z', 'b 2099-06-02T09:00:00.000Z', 'c 2099-06-03T09:00:00.000Z', 'd 2099-06-04T09:00:00.000Z']);
  });

  it('reads calendar-data split over several CDATA sections and text, and skips empty and foreign elements of the same name', () => {
    const text = event('e', '0605');
    const cut = text.indexOf('SUMMARY');
    const body = `<D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:X="http://example.com/ns">
  <D:response><D:href>/cal/e.ics</D:href><D:propstat><D:prop>
    <C:calendar-data><![CDATA[${text.slice(0, cut)}]]>${escaped(text.slice(cut))}</C:calendar-data>
    <X:calendar-data>BEGIN:VCALENDAR not ours</X:calendar-data>
  </D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>
  <D:response><D:href>/cal/gone.ics</D:href><D:propstat><D:prop><C:calendar-data/></D:prop><D:status>HTTP/1.1 404 Not Found</D:status></D:propstat></D:response>
</D:multistatus>`;
    expect(calendarDataTexts(body)).toEqual([text.slice(0, cut).replace(/\r\n/g, '\n') + text.slice(cut)]);
  });

  it("a body that is not XML is the server's failure, not an empty calendar", () => {
    let error: unknown;
    try {
      calendarDataTexts('<html><body>Bad gateway</html>');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'provider_error', status: 207 });
  });
});

describe('PROPFIND on the calendar', () => {
  it('finds the calendar resourcetype by namespace and reads the display name with its entities', () => {
    const calendar = `<multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response><href>/ana/work/</href><propstat><prop>
      <resourcetype><collection/><C:calendar/></resourcetype><displayname> Work &amp; Home &#x1F4C5; </displayname>
    </prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>`;
    expect(calendarCollectionProps(calendar)).toEqual({ calendar: true, display_name: 'Work & Home \u{1F4C5}' });
    // An account's home collection: a collection, and a `calendar` element of some other namespace, is not a calendar.
    const home = `<d:multistatus xmlns:d="DAV:"><d:response><d:href>/ana/</d:href><d:propstat><d:prop>
      <d:resourcetype><d:collection/><x:calendar xmlns:x="http://example.com/not-caldav"/></d:resourcetype><d:displayname/>
    </d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>`;
    expect(calendarCollectionProps(home)).toEqual({ calendar: false, display_name: null });
  });
});
