import type { IntegrationInfo, IntegrationToolName } from './integrations.schemas.js';
import { TOOL_DESCRIPTIONS, TOOLS_OF, toolInputSchema, WRITES } from './integration-tools.js';

type Field = IntegrationInfo['fields'][number];
const setting = (key: string, label: string, required: boolean, description: string): Field => ({ key, label, secret: false, required, description });
const secret = (key: string, label: string, description: string): Field => ({ key, label, secret: true, required: true, description });

const tools = (names: IntegrationToolName[]): IntegrationInfo['tools'] =>
  names.map((name) => ({
    name,
    description: TOOL_DESCRIPTIONS[name],
    default_permission: WRITES.has(name) ? 'ask' : 'allow',
    input_schema: toolInputSchema(name),
  }));

/**
 * The integrations the platform can connect (GET /v1/integration/info). A
 * code table, not rows: each entry needs a client written for its protocol.
 * Settings are sent under `settings` and returned; secrets under
 * `credentials`, stored encrypted and never returned.
 */
export const INTEGRATIONS: IntegrationInfo[] = [
  {
    key: 'caldav',
    kind: 'calendar',
    name: 'CalDAV calendar',
    protocol: 'CalDAV (RFC 4791) over HTTPS with HTTP Basic auth',
    description:
      'Any CalDAV calendar: Nextcloud, iCloud (app password), Fastmail, Radicale, Baïkal, SOGo... The agent finds free slots in business hours and books appointments.',
    fields: [
      setting(
        'calendar_url',
        'Calendar URL',
        true,
        "The calendar collection's address, e.g. https://cloud.example.com/remote.php/dav/calendars/ana/personal/.",
      ),
      setting('time_zone', 'Time zone', false, 'IANA time zone of the business hours; default UTC.'),
      setting('business_hours', 'Business hours', false, '{days: [1..7], start: "09:00", end: "17:00"}; default Monday to Friday, 09:00-17:00.'),
      setting('slot_minutes', 'Slot length (minutes)', false, 'Appointment length and step between offered slots; default 30.'),
      secret('username', 'User name', 'The CalDAV user name.'),
      secret('password', 'Password', 'The password or an app password.'),
    ],
    tools: tools(TOOLS_OF.caldav),
  },
  {
    key: 'hubspot',
    kind: 'crm',
    name: 'HubSpot CRM',
    protocol: 'HubSpot CRM API v3 (contacts) with a private app access token',
    description: 'Look up the caller in HubSpot and add new contacts.',
    fields: [
      setting('base_url', 'API address', false, 'Default https://api.hubapi.com.'),
      secret('access_token', 'Private app access token', 'pat-..., with the crm.objects.contacts.read and crm.objects.contacts.write scopes.'),
    ],
    tools: tools(TOOLS_OF.hubspot),
  },
  {
    key: 'zendesk',
    kind: 'helpdesk',
    name: 'Zendesk Support',
    protocol: 'Zendesk Support API v2 (tickets) with an API token',
    description: 'Open support tickets for callers.',
    fields: [
      setting('subdomain', 'Subdomain', false, 'acme for https://acme.zendesk.com (or give base_url).'),
      setting('base_url', 'Account address', false, "The account's address, for host-mapped accounts (instead of subdomain)."),
      secret('email', 'Agent email', 'The email address of the Zendesk agent the token acts as.'),
      secret('api_token', 'API token', 'A Zendesk API token.'),
    ],
    tools: tools(TOOLS_OF.zendesk),
  },
];
