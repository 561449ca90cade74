import type { ParameterizedContext } from 'koa';
import {
  ContactIdParams,
  ContactView,
  DncAddResult,
  DncCheckQuery,
  DncCheckResult,
  DncRemoveResult,
  ImportContactsBody,
  ImportContactsQuery,
  ImportContactsResult,
  ListContactsResponse,
  ListDncResponse,
  ResolveContactResult,
} from '../../modules/outbound/outbound.schemas.js';
import { z } from 'zod';
import { contactResolveOrCreate } from '../../modules/outbound/contact-resolve-or-create.js';
import { importContacts } from '../../modules/outbound/import-contacts.js';
import { listContacts } from '../../modules/outbound/list-contacts.js';
import { getContact } from '../../modules/outbound/get-contact.js';
import { deleteContact } from '../../modules/outbound/delete-contact.js';
import { ContactDeleteParams, ContactDeletedResponse } from '../../modules/deletes.schemas.js';
import { dncAdd } from '../../modules/outbound/dnc-add.js';
import { dncRemove } from '../../modules/outbound/dnc-remove.js';
import { dncList } from '../../modules/outbound/dnc-list.js';
import { dncCheck } from '../../modules/outbound/dnc-check.js';
import { DomainError } from '../../modules/errors.js';
import { parseInput } from '../../modules/validation.js';
import { PayloadTooLarge } from '../middleware/body.js';
import { route } from '../route.js';

const tag = 'Contacts and do-not-call';
/** 50,000 rows of a few hundred bytes; larger files are split by the client. */
const CSV_LIMIT = 16 * 1024 * 1024;

/**
 * The CSV of an import: a text/csv (or text/plain) body read here, because the
 * shared body parser only reads JSON and forms (with a 1 MiB limit), or a JSON
 * body {csv}.
 */
async function csvOf(ctx: ParameterizedContext): Promise<string> {
  if (ctx.request.is('text/csv', 'text/plain')) {
    const declared = Number(ctx.get('content-length') || 0);
    if (declared > CSV_LIMIT) throw new PayloadTooLarge(CSV_LIMIT);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of ctx.req) {
      size += (chunk as Buffer).length;
      if (size > CSV_LIMIT) throw new PayloadTooLarge(CSV_LIMIT);
      chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text.trim())
      throw new DomainError('VALIDATION_FAILED', 'The CSV body is empty', { issues: [{ field: 'body', message: 'send a header row and rows' }] });
    return text;
  }
  if (ctx.request.body === undefined) {
    throw new DomainError('VALIDATION_FAILED', 'A CSV body is required', {
      issues: [{ field: 'body', message: 'send the file with Content-Type: text/csv, or JSON {"csv": "..."}' }],
    });
  }
  return parseInput(ImportContactsBody, ctx.request.body, 'body').csv;
}

export const outboundRoutes = [
  route({
    method: 'post',
    path: '/v1/contact/resolve_or_create',
    operationId: 'resolveOrCreateContact',
    tag,
    summary: 'Find a contact by phone or email, else create it',
    description: 'Same body as the MCP tool contact_resolve_or_create. Safe to call concurrently: one contact per phone or email.',
    operation: contactResolveOrCreate,
    takes: 'body',
    response: ResolveContactResult,
    handler: ({ em, principal, body }) => contactResolveOrCreate(em, principal, body),
  }),
  route({
    method: 'post',
    path: '/v1/contact/import',
    operationId: 'importContacts',
    tag,
    summary: 'Import contacts from CSV',
    description:
      'Send the file as `text/csv` (up to 16 MiB) or JSON `{"csv": "..."}` (up to 1 MiB). The header row names the columns: ' +
      '`name`, `phone`, `email` (phone or email required), any other column becomes an attribute. Up to 50,000 rows. ' +
      'Bad rows (bad phone or email, neither given, duplicate within the file) are skipped and listed in `errors` with ' +
      'their line (the header is row 1); the others create or update contacts matched by phone or email. ' +
      '`default_country` (query) reads numbers written without a country code. ' +
      'Idempotent by nature, so it takes no Idempotency-Key: contacts are matched by phone or email (unique in the ' +
      'organization), and importing the same file again updates them to the values they have, creating none.',
    rawBody: {
      description: 'The CSV file itself (text/csv or text/plain, up to 16 MiB), or JSON {"csv": "..."} (up to 1 MiB).',
      content: {
        'text/csv': { schema: z.string().describe('The CSV: a header row, then one row per contact.') },
        'application/json': { schema: ImportContactsBody },
      },
    },
    operation: importContacts,
    query: ImportContactsQuery,
    response: ImportContactsResult,
    handler: async ({ em, principal, query, ctx }) => importContacts(em, principal, { csv: await csvOf(ctx), defaultCountry: query.default_country }),
  }),
  route({
    method: 'get',
    path: '/v1/contact/list',
    operationId: 'listContacts',
    tag,
    summary: 'Contacts, newest first',
    operation: listContacts,
    takes: 'query',
    response: ListContactsResponse,
    handler: ({ em, principal, query }) => listContacts(em, principal, query),
  }),
  route({
    method: 'get',
    path: '/v1/contact/retrieve/{contact_id}',
    operationId: 'retrieveContact',
    tag,
    summary: 'One contact',
    operation: getContact,
    params: ContactIdParams,
    response: z.object({ contact: ContactView }).openapi('ContactResponse'),
    handler: async ({ em, principal, params }) => ({ contact: await getContact(em, principal, params.contact_id) }),
  }),
  route({
    method: 'delete',
    path: '/v1/contact/delete/{contact_id}',
    operationId: 'deleteContact',
    tag,
    summary: 'Delete a contact (its name, phone, email and attributes)',
    description:
      'Refused with 409 while a running or paused campaign still has the contact to dial or an outbound call to it has ' +
      'not finished (in_use_by names them). Call records keep their own copy of the number. The number is not put on ' +
      'the do-not-call list: use dnc/add for that.',
    operation: deleteContact,
    params: ContactDeleteParams,
    response: ContactDeletedResponse,
    handler: ({ em, principal, params }) => deleteContact(em, principal, params.contact_id),
  }),
  route({
    method: 'post',
    path: '/v1/dnc/add',
    operationId: 'addDncEntry',
    tag,
    summary: 'Put a number on the do-not-call list',
    description:
      'Idempotent by nature, so it takes no Idempotency-Key: a number already listed keeps its first entry, returned with ' +
      'created false (200 either way); the list holds each number once.',
    operation: dncAdd,
    takes: 'body',
    response: DncAddResult,
    handler: ({ em, principal, body }) => dncAdd(em, principal, body),
  }),
  route({
    method: 'post',
    path: '/v1/dnc/remove',
    operationId: 'removeDncEntry',
    tag,
    summary: 'Take a number off the do-not-call list',
    description: 'Removing a number that is not listed answers removed false.',
    operation: dncRemove,
    takes: 'body',
    response: DncRemoveResult,
    handler: ({ em, principal, body }) => dncRemove(em, principal, body),
  }),
  route({
    method: 'get',
    path: '/v1/dnc/list',
    operationId: 'listDncEntries',
    tag,
    summary: 'The do-not-call list, newest first',
    operation: dncList,
    takes: 'query',
    response: ListDncResponse,
    handler: ({ em, principal, query }) => dncList(em, principal, query),
  }),
  route({
    method: 'get',
    path: '/v1/dnc/check',
    operationId: 'checkDnc',
    tag,
    summary: 'Whether a number may be dialled',
    permission: 'outbound:call',
    query: DncCheckQuery,
    response: DncCheckResult,
    handler: ({ em, principal, query }) => dncCheck(em, principal.organizationId, query.phone, { defaultCountry: query.default_country, field: 'query.phone' }),
  }),
];
