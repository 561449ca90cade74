import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { contactResolveOrCreate } from '../../src/modules/outbound/contact-resolve-or-create.js';
import { normalizePhone } from '../../src/modules/phone.js';
import { timeZoneOf } from '../../src/modules/outbound/phone.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';
import { sql } from '../../src/db/orm.js';

/** Contacts over REST and the domain function, on the real database. */
let t: TestApp;
let a: TestTenant;
let b: TestTenant;
let viewer: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  b = await createTenant(t);
  viewer = await createTenant(t, 'viewer');
});
afterAll(async () => t.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const post = (tenant: TestTenant, path: string, body: object) => t.request.post(path).set(tenant.headers).send(body);
const importCsv = (tenant: TestTenant, csv: string, query = '') =>
  t.request.post(`/v1/contact/import${query}`).set(tenant.headers).set('Content-Type', 'text/csv').send(csv);
/** A number no other test uses: US 415-555-01xx style, unique per call. */
let serial = 1000;
const nextUsNumber = () => `+1415${String(2000000 + serial++)}`;

describe('phone numbers', () => {
  it('normalise to E.164 with a time zone from the country and area code', () => {
    const sf = normalizePhone('(415) 555-0123', 'phone', 'US');
    expect(sf.e164).toBe('+14155550123');
    expect(timeZoneOf(sf)).toBe('America/Los_Angeles');
    expect(timeZoneOf(normalizePhone('+1 212 555 0100', 'phone'))).toBe('America/New_York');
    expect(timeZoneOf(normalizePhone('+1 312 555 0100', 'phone'))).toBe('America/Chicago');
    expect(timeZoneOf(normalizePhone('+61 8 9200 1234', 'phone'))).toBe('Australia/Perth');
    expect(timeZoneOf(normalizePhone('+44 20 7946 0018', 'phone'))).toBe('Europe/London');
    expect(timeZoneOf(normalizePhone('030 123456', 'phone', 'DE'))).toBe('Europe/Berlin');
    const zones = [
      '+1 604 555 0100',
      '+55 11 91234 5678',
      '+55 92 91234 5678',
      '+52 664 123 4567',
      '+7 383 123 45 67',
      '+1 808 555 0100',
      '+354 551 2345',
      '+7 701 123 4567',
    ].map((n) => timeZoneOf(normalizePhone(n, 'phone')));
    expect(zones).toEqual([
      'America/Vancouver',
      'America/Sao_Paulo',
      'America/Manaus',
      'America/Tijuana',
      'Asia/Novosibirsk',
      'Pacific/Honolulu',
      'Atlantic/Reykjavik',
      null,
    ]);
  });

  it('refuse bad numbers with a 400 naming the field', async () => {
    for (const phone of ['12', 'not a phone', '+1 555', '4155550123']) {
      const res = await post(a, '/v1/contact/resolve_or_create', { phone });
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: Json) => e.field)).toContain('body.phone');
    }
    const country = await post(a, '/v1/contact/resolve_or_create', { phone: '4155550123', default_country: 'ZZ' });
    expect(country.status).toBe(400);
    expect(country.body.errors[0].field).toBe('body.default_country');
    const neither = await post(a, '/v1/contact/resolve_or_create', { name: 'Nobody' });
    expect(neither.status).toBe(400);
    const badEmail = await post(a, '/v1/contact/resolve_or_create', { email: 'nope' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.errors[0].field).toBe('body.email');
  });
});

describe('resolve or create', () => {
  it('finds by normalised phone and by lower-cased email, else creates', async () => {
    const phone = nextUsNumber();
    const first = await post(a, '/v1/contact/resolve_or_create', { phone, name: 'Ana', attributes: { plan: 'gold' } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      created: true,
      contact: { phone, name: 'Ana', country: 'US', time_zone: 'America/Los_Angeles', attributes: { plan: 'gold' } },
    });
    expect(first.body.contact.contact_id).toMatch(/^cnt_/);
    const national = await post(a, '/v1/contact/resolve_or_create', {
      phone: `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`,
      default_country: 'us',
    });
    expect(national.body).toMatchObject({ created: false, contact: { contact_id: first.body.contact.contact_id } });

    const email = `Bo.${serial++}@Example.TEST`;
    const byEmail = await post(a, '/v1/contact/resolve_or_create', { email });
    expect(byEmail.body).toMatchObject({ created: true, contact: { email: email.toLowerCase(), phone: null, time_zone: null } });
    const again = await post(a, '/v1/contact/resolve_or_create', { email: email.toLowerCase() });
    expect(again.body).toMatchObject({ created: false, contact: { contact_id: byEmail.body.contact.contact_id } });

    const got = await t.request.get(`/v1/contact/retrieve/${first.body.contact.contact_id}`).set(a.headers);
    expect(got.body.contact).toEqual(first.body.contact);
  });

  it('makes exactly one contact under 20 concurrent calls for the same number', async () => {
    const phone = nextUsNumber();
    const principal = systemPrincipal(a.organizationId, 'system');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => contactResolveOrCreate(t.orm.em.fork(), principal, contactResolveOrCreate.input.parse({ phone }))),
    );
    expect(new Set(results.map((r) => r.contact.contact_id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const rows = await sql(t.orm.em.fork(), 'select count(*)::int as n from contact where organization_id = ? and phone = ?', [a.organizationId, phone]);
    expect(rows[0].n).toBe(1);
  });

  it('keeps organizations apart and refuses a viewer', async () => {
    const phone = nextUsNumber();
    const mine = await post(a, '/v1/contact/resolve_or_create', { phone });
    const theirs = await post(b, '/v1/contact/resolve_or_create', { phone });
    expect(theirs.body.created).toBe(true);
    expect(theirs.body.contact.contact_id).not.toBe(mine.body.contact.contact_id);
    const cross = await t.request.get(`/v1/contact/retrieve/${mine.body.contact.contact_id}`).set(b.headers);
    expect(cross.status).toBe(404);
    const refused = await post(viewer, '/v1/contact/resolve_or_create', { phone });
    expect(refused.status).toBe(403);
    const refusedImport = await importCsv(viewer, 'phone\n+14155550123\n');
    expect(refusedImport.status).toBe(403);
  });
});

describe('CSV import', () => {
  it('reports bad rows by line and reason and stores the good ones', async () => {
    const [p1, p2, p3] = [nextUsNumber(), nextUsNumber(), nextUsNumber()];
    const csv = [
      'Name,Phone,Email,plan,notes',
      `Ana,${p1},ana${serial}@example.test,gold,"likes mornings, not evenings"`,
      'Bad,12345,,silver,',
      'Nobody,,,bronze,',
      `Dup,${p1},,gold,`,
      `"Bo ""the"" Builder",${p2},,,"two`,
      'lines"',
      `Cy,${p3.slice(2)},,,`,
      'Short,+14155550199',
    ].join('\r\n');
    const res = await importCsv(a, csv);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 2, updated: 0, skipped: 5 });
    expect(res.body.errors).toEqual([
      { row: 3, field: 'phone', reason: expect.stringContaining('bad phone') },
      { row: 4, field: 'phone', reason: 'missing phone and email' },
      { row: 5, field: 'phone', reason: 'duplicate within the file: same phone as row 2' },
      { row: 8, field: 'phone', reason: expect.stringContaining('bad phone') },
      { row: 9, field: null, reason: 'has 2 fields, the header has 5' },
    ]);
    const list = await t.request.get('/v1/contact/list?page_size=100').set(a.headers);
    const byPhone = new Map(list.body.contacts.map((c: Json) => [c.phone, c]));
    expect(byPhone.get(p1)).toMatchObject({ name: 'Ana', attributes: { plan: 'gold', notes: 'likes mornings, not evenings' } });
    expect(byPhone.get(p2)).toMatchObject({ name: 'Bo "the" Builder', attributes: { notes: 'two\r\nlines' } });

    // With the default country the national number in row 8 is good.
    const fixed = await importCsv(a, `phone,name\n${p3.slice(2)},Cy\n`, '?default_country=US');
    expect(fixed.body).toMatchObject({ created: 1, updated: 0, skipped: 0, errors: [] });
  });

  it('re-import updates instead of duplicating; JSON bodies work too', async () => {
    const phones = [nextUsNumber(), nextUsNumber(), nextUsNumber()];
    const csv = (plan: string) => ['phone,name,plan', ...phones.map((p, i) => `${p},Person ${i},${plan}`)].join('\n');
    const first = await post(a, '/v1/contact/import', { csv: csv('trial') });
    expect(first.body).toMatchObject({ created: 3, updated: 0, skipped: 0 });
    const second = await importCsv(a, csv('paid'));
    expect(second.body).toMatchObject({ created: 0, updated: 3, skipped: 0 });
    // Each stored row's contact, in the file's order: the same contacts both times, ready for a campaign's contact_ids.
    expect(first.body.contact_ids).toHaveLength(3);
    expect(second.body.contact_ids).toEqual(first.body.contact_ids);
    const byId = await sql<{ id: string; phone: string }>(t.orm.em.fork(), `select id, phone from contact where id in (?)`, [first.body.contact_ids]);
    expect(first.body.contact_ids.map((id: string) => byId.find((r) => r.id === id)!.phone)).toEqual(phones);
    const rows = await sql(
      t.orm.em.fork(),
      `select count(*)::int as n, min(attributes->>'plan') as plan from contact
      where organization_id = ? and phone in (select json_array_elements_text(?::json))`,
      [a.organizationId, JSON.stringify(phones)],
    );
    expect(rows[0]).toEqual({ n: 3, plan: 'paid' });
  });

  it('refuses files it cannot read with a 400, never a 500', async () => {
    expect((await importCsv(a, 'name,plan\nAna,gold\n')).status).toBe(400);
    expect((await importCsv(a, 'phone,"open\n+14155550123\n')).status).toBe(400);
    expect((await importCsv(a, 'phone,phone\n1,2\n')).status).toBe(400);
    expect((await importCsv(a, 'phone,pl\u0000an\n+14155550123,x\n')).status).toBe(400);
    const nulRow = await importCsv(a, 'phone,name\n+14155550123,A\u0000na\n');
    expect(nulRow.body).toMatchObject({ created: 0, skipped: 1, errors: [{ row: 2, reason: 'contains a NUL character' }] });
    expect((await post(a, '/v1/contact/import', {})).status).toBe(400);
    expect((await t.request.post('/v1/contact/import').set(a.headers)).status).toBe(400);
    const tooMany = `phone\n${'+14155550123\n'.repeat(50_001)}`;
    const big = await importCsv(a, tooMany);
    expect(big.status).toBe(400);
    expect(big.body.errors[0].message).toContain('50000');
  });

  it('imports 5,000 rows in batches', async () => {
    const base = 3000000 + serial;
    serial += 5000;
    const csv = ['phone,name', ...Array.from({ length: 5000 }, (_, i) => `+1212${base + i},P${i}`)].join('\n');
    const res = await importCsv(a, csv);
    expect(res.body).toMatchObject({ created: 5000, skipped: 0 });
  });
});

describe('API reference', () => {
  it('documents the contact and do-not-call routes', async () => {
    const res = await t.request.get('/v1/openapi.json');
    expect(res.status).toBe(200);
    for (const path of [
      '/v1/contact/import',
      '/v1/contact/list',
      '/v1/contact/retrieve/{contact_id}',
      '/v1/dnc/add',
      '/v1/dnc/remove',
      '/v1/dnc/list',
      '/v1/dnc/check',
    ]) {
      expect(res.body.paths).toHaveProperty([path]);
    }
  });
});

describe('listing', () => {
  it('pages newest first without skipping or repeating', async () => {
    const c = await createTenant(t);
    const csv = ['phone', ...Array.from({ length: 7 }, () => nextUsNumber())].join('\n');
    await importCsv(c, csv);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: Json } = await t.request.get(`/v1/contact/list?page_size=3${cursor ? `&cursor=${cursor}` : ''}`).set(c.headers);
      seen.push(...res.body.contacts.map((x: Json) => x.contact_id));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect([...seen].sort().reverse()).toEqual(seen);
    const bad = await t.request.get('/v1/contact/list?cursor=garbage').set(c.headers);
    expect(bad.status).toBe(400);
  });
});
