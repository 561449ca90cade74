import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../calls/calls.schemas.js';
import { pageFields } from '../paging.js';

extendZodWithOpenApi(z);

/** Integrations and connections (issue 6 item 6, decision 0019): one schema per payload, shared by REST and the OpenAPI document. */

export const INTEGRATION_KEYS = ['caldav', 'hubspot', 'zendesk'] as const;
export const INTEGRATION_KINDS = ['calendar', 'crm', 'helpdesk'] as const;
export const CONNECTION_STATUSES = ['connected', 'error', 'disconnected'] as const;
export const INTEGRATION_TOOL_NAMES = ['check_availability', 'book_appointment', 'lookup_contact', 'create_contact', 'open_ticket'] as const;
export type IntegrationToolName = (typeof INTEGRATION_TOOL_NAMES)[number];

const Id = (what: string) =>
  z
    .string()
    .min(1)
    .max(60)
    .regex(/^[A-Za-z0-9_-]+$/, 'an id such as icn_01J...')
    .describe(what);
/** A secret typed by a person: no line breaks (they end up in headers), bounded. */
const Secret = (what: string) =>
  z
    .string()
    .min(1)
    .max(2000)
    .regex(/^[^\r\n]*$/, 'must not contain line breaks')
    .describe(what);
const HttpsUrl = (what: string) =>
  z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .describe(what);
const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'a time such as 09:00');

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const BusinessHours = z
  .object({
    days: z
      .array(z.number().int().min(1).max(7))
      .min(1)
      .max(7)
      .default([1, 2, 3, 4, 5])
      .describe('ISO weekdays with opening hours: 1 Monday ... 7 Sunday; default Monday to Friday.'),
    start: HHMM.default('09:00').describe('Opening time, local to time_zone; default 09:00.'),
    end: HHMM.default('17:00').describe('Closing time, local to time_zone; default 17:00.'),
  })
  .strict()
  .refine((v) => v.start < v.end, { message: 'start must be before end', path: ['end'] })
  .openapi('IntegrationBusinessHours');

const CommonConnect = {
  name: z.string().trim().min(1).max(100).optional().describe("A name for the connection, shown to operators; default the integration's name."),
  project_id: Id('Only agents of this project may use the connection; default: every project of the organization.').optional(),
  connection_id: Id('Reconnect this connection (new credentials or settings) instead of making a new one; the integration must be the same.').optional(),
};

export const CaldavConnect = z
  .object({
    integration: z.literal('caldav'),
    ...CommonConnect,
    settings: z
      .object({
        calendar_url: HttpsUrl("The calendar collection's address (CalDAV, RFC 4791), e.g. https://dav.example.com/ana/work/."),
        time_zone: z
          .string()
          .max(64)
          .refine(isTimeZone, 'an IANA time zone such as Europe/Berlin')
          .default('UTC')
          .describe('IANA time zone of the business hours and of times without an offset; default UTC.'),
        business_hours: BusinessHours.default({ days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' }).describe('When appointments can be booked.'),
        slot_minutes: z
          .number()
          .int()
          .min(5)
          .max(240)
          .default(30)
          .describe('Length of an appointment (and step between offered slots) unless the agent asks for another; default 30.'),
      })
      .strict(),
    credentials: z
      .object({
        username: Secret('The CalDAV user name (HTTP Basic).').pipe(
          z
            .string()
            .max(200)
            .regex(/^[^:]*$/, 'must not contain a colon'),
        ),
        password: Secret('The password or app password (HTTP Basic).'),
      })
      .strict(),
  })
  .strict();

export const HubspotConnect = z
  .object({
    integration: z.literal('hubspot'),
    ...CommonConnect,
    settings: z
      .object({
        base_url: HttpsUrl("The API's address; default https://api.hubapi.com.").default('https://api.hubapi.com'),
      })
      .strict()
      .default({ base_url: 'https://api.hubapi.com' }),
    credentials: z
      .object({
        access_token: Secret("A private app's access token (pat-...), with the crm.objects.contacts.read and .write scopes."),
      })
      .strict(),
  })
  .strict();

export const ZendeskConnect = z
  .object({
    integration: z.literal('zendesk'),
    ...CommonConnect,
    settings: z
      .object({
        subdomain: z
          .string()
          .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, "the account's subdomain, e.g. acme for acme.zendesk.com")
          .optional()
          .describe("The account's subdomain: acme for https://acme.zendesk.com."),
        base_url: HttpsUrl("The account's address instead of a subdomain (a host-mapped domain).").optional(),
      })
      .strict()
      .refine((v) => (v.subdomain === undefined) !== (v.base_url === undefined), { message: 'give subdomain or base_url, not both' }),
    credentials: z
      .object({
        email: z.email().max(254).describe("The agent's email address the API token belongs to."),
        api_token: Secret('A Zendesk API token (Admin Center > Apps and integrations > Zendesk API).'),
      })
      .strict(),
  })
  .strict();

export const ConnectIntegrationBody = z
  .discriminatedUnion('integration', [CaldavConnect, HubspotConnect, ZendeskConnect], {
    error: (issue) => (issue.code === 'invalid_union' ? `must be one of ${INTEGRATION_KEYS.join(', ')} (GET /v1/integration/info lists them)` : undefined),
  })
  .openapi('ConnectIntegrationBody', {
    description:
      'Credentials are checked with the provider before anything is stored: refused credentials are a 422 and nothing is saved ' +
      '(a reconnect that fails leaves the connection as it was). Credentials are stored encrypted and never returned.',
  });
export type ConnectIntegrationBody = z.input<typeof ConnectIntegrationBody>;
export type ConnectIntegrationInput = z.output<typeof ConnectIntegrationBody>;

export const IntegrationField = z
  .object({
    key: z.string(),
    label: z.string(),
    secret: z.boolean().describe('true: sent under credentials, stored encrypted, never returned; false: sent under settings, returned.'),
    required: z.boolean(),
    description: z.string(),
  })
  .openapi('IntegrationField');

export const IntegrationToolInfo = z
  .object({
    name: z.enum(INTEGRATION_TOOL_NAMES),
    description: z.string(),
    default_permission: z.enum(['allow', 'ask']).describe('ask for tools that change something in the provider (the caller confirms first).'),
    input_schema: z.record(z.string(), z.unknown()),
  })
  .openapi('IntegrationTool');

export const IntegrationInfo = z
  .object({
    key: z.enum(INTEGRATION_KEYS),
    kind: z.enum(INTEGRATION_KINDS),
    name: z.string(),
    description: z.string(),
    protocol: z.string(),
    fields: z.array(IntegrationField),
    tools: z
      .array(IntegrationToolInfo)
      .describe('Built-in agent tools a connection gives: add {kind: "integration", name, config: {connection_id}} to an agent version\'s tools.'),
  })
  .openapi('Integration');
export type IntegrationInfo = z.infer<typeof IntegrationInfo>;

export const IntegrationInfoResponse = z.object({ integrations: z.array(IntegrationInfo), ...pageFields }).openapi('IntegrationInfoResponse');

export const AgentToolEntry = z.object({
  name: z.string(),
  kind: z.literal('integration'),
  permission: z.enum(['allow', 'ask']),
  config: z.object({ connection_id: z.string() }),
});

export const ConnectionView = z
  .object({
    connection_id: z.string(),
    integration: z.enum(INTEGRATION_KEYS),
    kind: z.enum(INTEGRATION_KINDS),
    name: z.string(),
    project_id: z.string().nullable().describe('null: usable by every project of the organization.'),
    status: z.enum(CONNECTION_STATUSES).describe('connected; error (the provider refused the credentials during a call: reconnect); disconnected.'),
    settings: z.record(z.string(), z.unknown()).describe('The non-secret settings.'),
    credential_names: z.array(z.string()).describe('Which credentials are stored (their values never leave the platform); empty once disconnected.'),
    last_error: z.string().nullable(),
    last_error_at: z.string().nullable(),
    connected_at: z.string().nullable(),
    disconnected_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    agent_tools: z.array(AgentToolEntry).describe("Ready-made entries for an agent version's tools list, with each tool's default permission."),
  })
  .openapi('IntegrationConnection');
export type ConnectionView = z.infer<typeof ConnectionView>;

export const ConnectionResponse = z.object({ connection: ConnectionView }).openapi('IntegrationConnectionResponse');

export const ListConnectionsQuery = z
  .object({
    connection_id: Id("Only this connection (404 when it is not one of the organization's).").optional(),
    integration: z.enum(INTEGRATION_KEYS).optional().describe('Only connections of this integration.'),
    kind: z.enum(INTEGRATION_KINDS).optional().describe('Only calendars, CRMs or helpdesks.'),
    status: z.enum(CONNECTION_STATUSES).optional().describe('Only connections in this status.'),
    page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
    cursor: z.string().max(500).optional().describe('next_cursor of the previous page (with the same filters).'),
  })
  .strict();
export type ListConnectionsQuery = z.infer<typeof ListConnectionsQuery>;

export const ListConnectionsResponse = z
  .object({ connections: z.array(ConnectionView), has_more: z.boolean(), next_cursor: z.string().nullable() })
  .openapi('ListIntegrationConnectionsResponse');

export const ConnectionIdParams = z.object({ connection_id: Id('The connection id (icn_...).') }).strict();

export const DeleteConnectionResponse = z.object({ connection_id: z.string(), deleted: z.literal(true) });
