import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../calls/calls.schemas.js';
import { DNC_SOURCES } from './outbound.entity.js';

extendZodWithOpenApi(z);

const Phone = z.string().min(1).max(40);
const Country = z.string().length(2).describe('ISO 3166 alpha-2 country of numbers written without a country code, e.g. US.');
/** Attribute values are strings (what a CSV cell holds); bounded so a contact row stays small. */
const Attributes = z.record(z.string().min(1).max(100), z.string().max(2000));

export const ResolveContactBody = z
  .object({
    phone: Phone.optional().describe('Phone number, E.164 (+14155550123) or national with default_country. Found or stored in E.164.'),
    email: z.email().max(320).optional().describe('Email address; compared lower-cased.'),
    name: z.string().trim().min(1).max(200).optional().describe('Name, stored when the contact is created.'),
    attributes: Attributes.optional().describe('Extra string fields (account id, plan...), stored when the contact is created.'),
    default_country: Country.optional(),
  })
  .strict()
  .openapi('ResolveContactBody');
export type ResolveContactBody = z.infer<typeof ResolveContactBody>;

export const ContactView = z
  .object({
    contact_id: z.string(),
    name: z.string().nullable(),
    phone: z.string().nullable().describe('E.164'),
    email: z.string().nullable(),
    country: z.string().nullable(),
    time_zone: z.string().nullable().describe('IANA zone guessed from the phone number (country and area code).'),
    attributes: z.record(z.string(), z.string()),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Contact');
export type ContactView = z.infer<typeof ContactView>;

export const ResolveContactResult = z
  .object({ contact: ContactView, created: z.boolean().describe('True when this call created the contact.') })
  .openapi('ResolveContactResult');

export const ContactIdParams = z.object({ contact_id: z.string().min(1).max(60) }).strict();

export const ListContactsQuery = z
  .object({
    page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
    cursor: z.string().max(500).optional(),
  })
  .strict();
export type ListContactsQuery = z.infer<typeof ListContactsQuery>;

export const ListContactsResponse = z
  .object({ contacts: z.array(ContactView), has_more: z.boolean(), next_cursor: z.string().nullable() })
  .openapi('ListContactsResponse');

export const ImportContactsBody = z
  .object({ csv: z.string().min(1).describe('The CSV text: a header row naming name, phone, email and any attribute columns.') })
  .strict()
  .openapi('ImportContactsBody');

export const ImportContactsQuery = z.object({ default_country: Country.optional() }).strict();

export const ImportContactsResult = z
  .object({
    created: z.number().int(),
    updated: z.number().int(),
    skipped: z.number().int().describe('Rows not stored: those in errors.'),
    contact_ids: z
      .array(z.string())
      .describe('The contact of each stored row (created or updated), in the order of the file: what a campaign launch takes as contact_ids.'),
    errors: z.array(
      z.object({ row: z.number().int().describe('Line of the row in the file; the header is row 1.'), field: z.string().nullable(), reason: z.string() }),
    ),
  })
  .openapi('ImportContactsResult');
export type ImportContactsResult = z.infer<typeof ImportContactsResult>;

export const DncAddBody = z
  .object({
    phone: Phone.describe('The number never to dial: E.164, or national with default_country.'),
    reason: z.string().trim().max(500).optional().describe('Why, in a few words (e.g. "asked not to be called").'),
    source: z.enum(DNC_SOURCES).optional().describe('Where the request came from; default api (manual from the dashboard).'),
    default_country: Country.optional(),
  })
  .strict()
  .openapi('DncAddBody');
export type DncAddBody = z.infer<typeof DncAddBody>;

export const DncRemoveBody = z
  .object({ phone: Phone.describe('The number to take off the list.'), default_country: Country.optional() })
  .strict()
  .openapi('DncRemoveBody');
export type DncRemoveBody = z.infer<typeof DncRemoveBody>;

export const DncEntryView = z
  .object({
    dnc_entry_id: z.string(),
    phone: z.string(),
    reason: z.string().nullable(),
    source: z.enum(DNC_SOURCES),
    created_by: z.object({ type: z.string(), id: z.string().nullable(), name: z.string().nullable() }),
    created_at: z.string(),
  })
  .openapi('DncEntry');
export type DncEntryView = z.infer<typeof DncEntryView>;

export const DncAddResult = z
  .object({ entry: DncEntryView, created: z.boolean().describe('False when the number was already listed: the first entry is kept.') })
  .openapi('DncAddResult');
export const DncRemoveResult = z
  .object({ removed: z.boolean().describe('False when the number was not listed.'), entry: DncEntryView.nullable() })
  .openapi('DncRemoveResult');
export const DncCheckQuery = z.object({ phone: Phone, default_country: Country.optional() }).strict();
export const DncCheckResult = z.object({ phone: z.string(), blocked: z.boolean(), entry: DncEntryView.nullable() }).openapi('DncCheckResult');
export const ListDncQuery = ListContactsQuery;
export const ListDncResponse = z
  .object({ entries: z.array(DncEntryView), has_more: z.boolean(), next_cursor: z.string().nullable() })
  .openapi('ListDncResponse');
