import { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { newId } from '../ids.js';
import { validationFailed } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import type { ImportContactsResult } from './outbound.schemas.js';
import { parseCsv } from './csv.js';
import { checkDefaultCountry, tryNormalizePhone } from '../phone.js';
import { timeZoneOf } from './phone.js';

export const IMPORT_MAX_ROWS = 50_000;
/** Rows per upsert statement: large enough to be fast, small enough to keep each statement's JSON parameter modest. */
const BATCH = 1000;
const KNOWN = new Set(['name', 'phone', 'email']);
const Email = z.email().max(320);

interface Row {
  line: number;
  name: string | null;
  phone: string | null;
  country: string | null;
  timeZone: string | null;
  email: string | null;
  attributes: Record<string, string>;
}
type RowError = ImportContactsResult['errors'][number];

/**
 * Imports contacts from CSV text: a header row with name, phone, email (any
 * order, case-insensitive; phone or email required) and any other columns,
 * which become string attributes. Every row is checked first; each bad row is
 * reported with its line and reason and skipped, the others are upserted in
 * batches, one statement each (json_to_recordset). A row matching an existing
 * contact by phone or email updates it: a non-empty name replaces the name,
 * attributes are merged, a missing phone or email is filled in; a contact's
 * existing phone or email is never overwritten (that would re-point its
 * identity). Re-importing the same file therefore updates, never duplicates.
 */
export const importContacts = operation(
  { needs: 'outbound:call' },
  async (em: Em, principal: Principal, input: { csv: string; defaultCountry?: string }): Promise<ImportContactsResult> => {
    const country = checkDefaultCountry(input.defaultCountry, 'default_country');
    const parsed = parseCsv(input.csv, IMPORT_MAX_ROWS + 1);
    if (parsed.tooMany) throw validationFailed([{ field: '', message: `has more than ${IMPORT_MAX_ROWS} rows; split the file` }]);
    if (parsed.unterminatedAt !== null) {
      throw validationFailed([{ field: '', message: `row ${parsed.unterminatedAt}: a quoted field is never closed` }]);
    }
    const [header, ...records] = parsed.records;
    if (!header) throw validationFailed([{ field: '', message: 'is empty: send a header row and at least one row' }]);
    const columns = header.fields.map((f) => f.trim().toLowerCase());
    const headerIssue = checkHeader(columns);
    if (headerIssue) throw validationFailed([{ field: '', message: `header row: ${headerIssue}` }]);

    const errors: RowError[] = [];
    const valid: Row[] = [];
    const seenPhone = new Map<string, number>();
    const seenEmail = new Map<string, number>();
    for (const record of records) {
      const fail = (field: string | null, reason: string) => errors.push({ row: record.line, field, reason });
      if (record.fields.length !== columns.length) {
        fail(null, `has ${record.fields.length} fields, the header has ${columns.length}`);
        continue;
      }
      const cell = (name: string) => {
        const i = columns.indexOf(name);
        return i < 0 ? '' : record.fields[i].trim();
      };
      const rawPhone = cell('phone');
      const rawEmail = cell('email');
      const name = cell('name');
      if (!rawPhone && !rawEmail) {
        fail('phone', 'missing phone and email');
        continue;
      }
      let phone: Row['phone'] = null;
      let rowCountry: string | null = null;
      let timeZone: string | null = null;
      if (rawPhone) {
        const result = tryNormalizePhone(rawPhone, country);
        if (!result.ok) {
          fail('phone', `bad phone: ${JSON.stringify(rawPhone.slice(0, 40))} ${result.reason}`);
          continue;
        }
        phone = result.phone.e164;
        rowCountry = result.phone.country;
        timeZone = timeZoneOf(result.phone);
      }
      const email = rawEmail ? rawEmail.toLowerCase() : null;
      if (email !== null && !Email.safeParse(email).success) {
        fail('email', 'bad email: not an email address');
        continue;
      }
      if (name.length > 200) {
        fail('name', 'name is longer than 200 characters');
        continue;
      }
      const attributes: Record<string, string> = {};
      let tooLong: string | null = null;
      columns.forEach((column, i) => {
        const value = record.fields[i].trim();
        if (KNOWN.has(column) || value === '') return;
        if (value.length > 2000) tooLong = column;
        attributes[column] = value;
      });
      if (tooLong) {
        fail(tooLong, `${tooLong} is longer than 2000 characters`);
        continue;
      }
      if (record.fields.some((f) => f.includes('\u0000'))) {
        fail(null, 'contains a NUL character');
        continue;
      }
      const dupPhone = phone ? seenPhone.get(phone) : undefined;
      const dupEmail = email ? seenEmail.get(email) : undefined;
      if (dupPhone !== undefined || dupEmail !== undefined) {
        fail(
          dupPhone !== undefined ? 'phone' : 'email',
          `duplicate within the file: same ${dupPhone !== undefined ? 'phone' : 'email'} as row ${dupPhone ?? dupEmail}`,
        );
        continue;
      }
      if (phone) seenPhone.set(phone, record.line);
      if (email) seenEmail.set(email, record.line);
      valid.push({ line: record.line, name: name || null, phone, country: rowCountry, timeZone, email, attributes });
    }

    let created = 0;
    let updated = 0;
    const contactIds: string[] = [];
    const claimed = new Map<string, number>();
    for (let start = 0; start < valid.length; start += BATCH) {
      const result = await upsertBatch(em, principal.organizationId, valid.slice(start, start + BATCH), claimed, errors);
      created += result.created;
      updated += result.updated;
      contactIds.push(...result.ids);
    }
    errors.sort((a, b) => a.row - b.row);
    recordAudit(em, principal, { action: 'contact.import', targetType: 'contact', data: { created, updated, skipped: errors.length, rows: records.length } });
    await em.flush();
    return { created, updated, skipped: errors.length, errors, contact_ids: contactIds };
  },
);

function checkHeader(columns: string[]): string | null {
  if (!columns.includes('phone') && !columns.includes('email')) return 'needs a phone or an email column';
  const empty = columns.findIndex((c) => c === '');
  if (empty >= 0) return `column ${empty + 1} has no name`;
  const dup = columns.find((c, i) => columns.indexOf(c) !== i);
  if (dup) return `column ${dup} appears twice`;
  // PostgreSQL refuses NUL in text and JSON keys: a 400 here, not a database error later.
  if (columns.some((c) => c.includes('\u0000'))) return 'a column name contains a NUL character';
  const long = columns.find((c) => c.length > 100);
  if (long) return `column ${long.slice(0, 20)}... has a name longer than 100 characters`;
  return null;
}

/**
 * One batch: read the contacts it matches (one query), then one statement
 * updates the matched ones and inserts the rest. A row whose phone and email
 * belong to two different contacts, or that matches a contact an earlier row
 * already updated, is an error rather than a guess.
 */
async function upsertBatch(em: Em, organizationId: string, rows: Row[], claimed: Map<string, number>, errors: RowError[]) {
  const phones = rows.flatMap((r) => (r.phone ? [r.phone] : []));
  const emails = rows.flatMap((r) => (r.email ? [r.email] : []));
  const existing = await sql<{ id: string; phone: string | null; email: string | null }>(
    em,
    `select id, phone, email from contact
      where organization_id = ?
        and (phone in (select json_array_elements_text(?::json)) or email in (select json_array_elements_text(?::json)))`,
    [organizationId, JSON.stringify(phones), JSON.stringify(emails)],
  );
  const byPhone = new Map(existing.filter((c) => c.phone).map((c) => [c.phone!, c.id]));
  const byEmail = new Map(existing.filter((c) => c.email).map((c) => [c.email!, c.id]));
  const recordset: Record<string, unknown>[] = [];
  const lineOf = new Map<string, number>();
  for (const row of rows) {
    const matchPhone = row.phone ? byPhone.get(row.phone) : undefined;
    const matchEmail = row.email ? byEmail.get(row.email) : undefined;
    if (matchPhone && matchEmail && matchPhone !== matchEmail) {
      errors.push({ row: row.line, field: 'email', reason: `the phone belongs to contact ${matchPhone} and the email to contact ${matchEmail}` });
      continue;
    }
    const target = matchPhone ?? matchEmail;
    if (target && claimed.has(target)) {
      errors.push({ row: row.line, field: null, reason: `matches the same contact (${target}) as row ${claimed.get(target)}` });
      continue;
    }
    const id = target ?? newId('contact');
    if (target) claimed.set(target, row.line);
    lineOf.set(id, row.line);
    recordset.push({
      id,
      existing: target !== undefined,
      name: row.name,
      phone: row.phone,
      email: row.email,
      country: row.country,
      time_zone: row.timeZone,
      attributes: row.attributes,
    });
  }
  if (recordset.length === 0) return { created: 0, updated: 0, ids: [] };
  let done: { kind: string; id: string }[];
  try {
    done = await sql<{ kind: string; id: string }>(
      em,
      `with r as (
         select * from json_to_recordset(?::json)
           as x(id text, existing boolean, name text, phone text, email text, country text, time_zone text, attributes jsonb)
       ), upd as (
         update contact c
            set name = coalesce(r.name, c.name),
                phone = coalesce(c.phone, r.phone),
                email = coalesce(c.email, r.email),
                country = case when c.phone is null then r.country else c.country end,
                time_zone = case when c.phone is null then r.time_zone else c.time_zone end,
                attributes = c.attributes || r.attributes,
                updated_at = now()
           from r
          where r.existing and c.id = r.id and c.organization_id = ?
         returning c.id
       ), ins as (
         insert into contact (id, organization_id, name, phone, email, country, time_zone, attributes, created_at, updated_at)
         select r.id, ?, r.name, r.phone, r.email, r.country, r.time_zone, r.attributes, now(), now()
           from r where not r.existing order by r.id
         on conflict do nothing
         returning id
       )
       select 'updated' as kind, id from upd union all select 'created' as kind, id from ins`,
      [JSON.stringify(recordset), organizationId, organizationId],
    );
  } catch (error) {
    // A concurrent change took a phone or email this batch fills in: report the batch, never a 500.
    if ((error as { code?: string }).code !== '23505' && !String((error as Error).message).includes('duplicate key')) throw error;
    for (const r of recordset)
      errors.push({ row: lineOf.get(r.id as string)!, field: null, reason: 'conflicted with a concurrent change to the same contacts; import the file again' });
    return { created: 0, updated: 0, ids: [] };
  }
  const stored = new Set(done.map((d) => d.id));
  for (const r of recordset) {
    if (!stored.has(r.id as string)) {
      errors.push({
        row: lineOf.get(r.id as string)!,
        field: null,
        reason: 'its phone or email was added by another request meanwhile; import again to update it',
      });
    }
  }
  return {
    created: done.filter((d) => d.kind === 'created').length,
    updated: done.filter((d) => d.kind === 'updated').length,
    ids: recordset.filter((r) => stored.has(r.id as string)).map((r) => r.id as string),
  };
}
