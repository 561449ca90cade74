import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { tryNormalizePhone } from '../phone.js';
import { plainBaseUrl } from '../url-schemas.js';
import { CALL_OUTCOMES } from './telephony.entity.js';
import { pageFields, pageQuery } from '../paging.js';
import { isId } from '../ids.js';

extendZodWithOpenApi(z);

const Id = (what: string) =>
  z
    .string()
    .min(1)
    .max(60)
    .regex(/^[A-Za-z0-9_-]+$/, 'an id such as pn_01J...')
    .describe(what);

/**
 * A phone number in international format, normalised to E.164 with
 * libphonenumber-js (its metadata knows each country's valid ranges, so
 * "+1 415 555 0123" becomes +14155550123 and "+1 000 000 0000" is refused).
 * Only the international form is accepted: a national number means nothing
 * without a country, and guessing one dials the wrong person.
 */
export const E164Number = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .transform((value, ctx) => {
    // Without a default country only the international form parses: a national number means nothing here.
    const parsed = value.startsWith('+') ? tryNormalizePhone(value) : undefined;
    if (!parsed?.ok) {
      ctx.addIssue({ code: 'custom', message: 'must be a valid phone number in international format, such as +14155550123' });
      return z.NEVER;
    }
    return parsed.phone.e164;
  })
  .describe('A phone number in international (E.164) format, e.g. +14155550123. Spaces, dashes and parentheses are allowed.');

/** The country of an E.164 number (libphonenumber-js), or null for non-geographic ones. */
export function countryOf(e164: string): string | null {
  return parsePhoneNumberFromString(e164)?.country ?? null;
}

const SipUri = z
  .string()
  .trim()
  .min(5)
  .max(255)
  .regex(/^sips?:([^\s@:;]+@)?[a-z0-9.-]+(:\d{1,5})?(;[^\s]*)?$/i, 'must be a SIP URI such as sip:frontdesk@example.com')
  .transform((v) => v.replace(/^sip(s?):/i, 'sip$1:'));

const Country = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166 two-letter country code such as US')
  .transform((v) => v.toUpperCase())
  .describe('ISO 3166 two-letter country code, e.g. US.');

// ---- connections ----

const SimulationBody = z
  .object({
    seed: z.string().trim().min(1).max(100).optional().describe('Outcomes are a hash of seed and number: another seed, another reproducible mix.'),
    rules: z
      .array(
        z
          .object({
            suffix: z
              .string()
              .regex(/^\d{1,15}$/, 'digits only')
              .describe('Numbers ending in these digits...'),
            outcome: z.enum(CALL_OUTCOMES).describe('...get this outcome.'),
          })
          .strict(),
      )
      .max(100)
      .optional()
      .describe('Checked in order before the distribution.'),
    distribution: z
      .object(Object.fromEntries(CALL_OUTCOMES.map((o) => [o, z.number().int().min(0).max(100)])) as Record<(typeof CALL_OUTCOMES)[number], z.ZodNumber>)
      .strict()
      .refine((d) => Object.values(d).reduce((a, b) => a + b, 0) === 100, 'the percents must add up to 100')
      .optional()
      .describe('Whole percents per outcome, adding up to 100.'),
  })
  .strict();

const BaseUrl = plainBaseUrl('').optional().describe("Overrides the provider's API address (a regional edge). Defaults to the provider's public API.");

const Name = z.string().trim().min(1).max(100).describe('Unique within the organization.');

const CallsPerSecond = z
  .number()
  .min(0.1)
  .max(100)
  .optional()
  .describe(
    "At most this many dials a second through the account, across every worker (the carrier's own limit: Twilio's is 1 by default, raised on request). Left out: no limit.",
  );

export const CreateConnectionBody = z
  .discriminatedUnion('provider', [
    z
      .object({
        provider: z.literal('twilio'),
        name: Name,
        base_url: BaseUrl,
        calls_per_second: CallsPerSecond,
        credentials: z
          .object({
            account_sid: z
              .string()
              .trim()
              .regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio Account SID (AC + 32 hex digits)')
              .describe('The Account SID, AC...'),
            auth_token: z.string().trim().min(8).max(200).describe('The auth token. Stored encrypted, never returned.'),
          })
          .strict(),
      })
      .strict(),
    z
      .object({
        provider: z.literal('telnyx'),
        name: Name,
        base_url: BaseUrl,
        calls_per_second: CallsPerSecond,
        credentials: z
          .object({
            api_key: z.string().trim().min(8).max(500).describe('A Telnyx API key (KEY...). Stored encrypted, never returned.'),
            call_control_app_id: z.string().trim().min(1).max(100).optional().describe('The Call Control application outbound calls use.'),
            public_key: z
              .string()
              .trim()
              .refine(
                (key) => /^[A-Za-z0-9+/]{43}=$/.test(key) && Buffer.from(key, 'base64').length === 32,
                'must be an Ed25519 public key in base64 (44 characters)',
              )
              .optional()
              .describe(
                "The account's public key (Telnyx portal, Keys & Credentials): it verifies the call events Telnyx posts. Without it, dials cannot learn their outcome.",
              ),
          })
          .strict(),
      })
      .strict(),
    z
      .object({
        provider: z.literal('simulated'),
        name: Name,
        simulation: SimulationBody.optional().describe('How callees answer; defaults: 60% answered, 15% no answer, 10% busy, 10% voicemail, 5% failed.'),
      })
      .strict(),
  ])
  .describe('A carrier account: twilio or telnyx with credentials (validated with the provider before they are saved), or the built-in simulated carrier.')
  .openapi('CreateConnectionBody');
export type CreateConnectionBody = z.input<typeof CreateConnectionBody>;

export const ConnectionView = z
  .object({
    connection_id: z.string(),
    name: z.string(),
    provider: z.enum(['simulated', 'twilio', 'telnyx']),
    base_url: z.string().nullable(),
    has_credentials: z.boolean().describe('Credentials are stored encrypted and never returned.'),
    calls_per_second: z.number().nullable().describe('The dials-a-second limit through this account; null: none.'),
    created_at: z.string(),
  })
  .openapi('TelephonyConnection');
export type ConnectionView = z.infer<typeof ConnectionView>;

// ---- numbers ----

const ConnectionId = Id('The telephony connection (tcn_...). Left out: the built-in simulated carrier.');

export const SearchNumbersQuery = z
  .object({
    connection_id: ConnectionId.optional(),
    country: Country.default('US'),
    area_code: z
      .string()
      .trim()
      .regex(/^\d{2,5}$/, 'must be 2 to 5 digits')
      .optional()
      .describe('Area code (national destination code), e.g. 415.'),
    contains: z
      .string()
      .trim()
      .regex(/^\d{1,10}$/, 'must be 1 to 10 digits')
      .optional()
      .describe('Digits the number must contain.'),
    ...pageQuery,
  })
  .strict()
  .openapi('SearchNumbersQuery');
export type SearchNumbersQuery = z.input<typeof SearchNumbersQuery>;

export const AvailableNumberView = z.object({
  number: z.string(),
  country: z.string(),
  locality: z.string().nullable(),
  region: z.string().nullable(),
});
export const SearchNumbersResult = z
  .object({ provider: z.enum(['simulated', 'twilio', 'telnyx']), numbers: z.array(AvailableNumberView), ...pageFields })
  .openapi('SearchNumbersResult');

export const PurchaseNumberBody = z
  .object({
    connection_id: ConnectionId.optional(),
    number: E164Number,
  })
  .strict()
  .openapi('PurchaseNumberBody');
export type PurchaseNumberBody = z.input<typeof PurchaseNumberBody>;

export const ImportNumberBody = z
  .object({
    connection_id: Id('The twilio or telnyx connection (tcn_...) whose account holds the number.'),
    number: E164Number,
  })
  .strict()
  .openapi('ImportNumberBody');
export type ImportNumberBody = z.input<typeof ImportNumberBody>;

export const PhoneNumberView = z
  .object({
    phone_number_id: z.string(),
    number: z.string().describe('E.164'),
    country: z.string(),
    provider: z.enum(['simulated', 'twilio', 'telnyx']),
    connection_id: z.string().nullable(),
    origin: z.enum(['purchased', 'imported']),
    status: z.enum(['active', 'pending']),
    destination_id: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('PhoneNumber');
export type PhoneNumberView = z.infer<typeof PhoneNumberView>;
export const PhoneNumberResponse = z.object({ phone_number: PhoneNumberView }).openapi('PhoneNumberResponse');
export const ListPhoneNumbersResponse = z.object({ phone_numbers: z.array(PhoneNumberView), ...pageFields }).openapi('ListPhoneNumbersResponse');

export const NumberParams = z.object({ number: E164Number }).strict();
export const PhoneNumberIdParams = z.object({ phone_number_id: Id('A phone number id (pn_...).') }).strict();

// ---- SIP trunks ----

const IpOrCidr = z
  .string()
  .trim()
  .refine((v) => z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]).safeParse(v).success, 'must be an IP address or CIDR range');

export const CreateSipTrunkBody = z
  .object({
    name: Name,
    direction: z.enum(['inbound', 'outbound', 'both']).default('both').describe('Which way calls go over the trunk.'),
    connection_id: Id('A telephony connection the trunk belongs to (tcn_...).').optional(),
    auth: z
      .object({
        username: z.string().trim().min(1).max(100).describe('SIP digest username.'),
        password: z.string().min(8).max(200).describe('SIP digest password. Stored encrypted, never returned.'),
      })
      .strict()
      .optional(),
    allowed_ips: z.array(IpOrCidr).max(50).default([]).describe('Source addresses accepted for inbound calls (IPs or CIDR ranges).'),
  })
  .strict()
  .refine((b) => b.auth !== undefined || b.allowed_ips.length > 0 || b.direction === 'outbound', {
    path: ['auth'],
    message: 'an inbound trunk needs auth credentials or allowed_ips',
  })
  .openapi('CreateSipTrunkBody');
export type CreateSipTrunkBody = z.input<typeof CreateSipTrunkBody>;

export const SipTrunkView = z
  .object({
    sip_trunk_id: z.string(),
    name: z.string(),
    direction: z.enum(['inbound', 'outbound', 'both']),
    connection_id: z.string().nullable(),
    auth_username: z.string().nullable(),
    has_password: z.boolean(),
    allowed_ips: z.array(z.string()),
    endpoints: z.array(z.object({ sip_trunk_endpoint_id: z.string(), uri: z.string(), priority: z.number(), weight: z.number() })),
    created_at: z.string(),
  })
  .openapi('SipTrunk');
export type SipTrunkView = z.infer<typeof SipTrunkView>;

export const CreateSipTrunkEndpointBody = z
  .object({
    sip_trunk_id: Id('The trunk (trk_...).'),
    uri: SipUri.describe('Where calls go, e.g. sip:pbx.example.com or sip:+14155550123@pbx.example.com:5060.'),
    priority: z.number().int().min(0).max(65535).default(10).describe('Lower is tried first.'),
    weight: z.number().int().min(0).max(65535).default(100).describe('Share of calls among endpoints of the same priority.'),
  })
  .strict()
  .openapi('CreateSipTrunkEndpointBody');
export type CreateSipTrunkEndpointBody = z.input<typeof CreateSipTrunkEndpointBody>;

export const AssignTrunkDestinationBody = z
  .object({
    sip_trunk_id: Id('The trunk (trk_...).'),
    destination_id: Id('The destination (dst_...).'),
  })
  .strict()
  .openapi('AssignTrunkDestinationBody');
export type AssignTrunkDestinationBody = z.input<typeof AssignTrunkDestinationBody>;

// ---- destinations ----

const AllowUnauthenticatedSip = z
  .boolean()
  .default(false)
  .describe(
    "Take SIP calls to this destination from any address, unauthenticated. Off by default: only the source addresses (allowed_ips) or digest credentials of the destination's inbound trunk are admitted, and a destination with no trunk refuses SIP (403).",
  );

export const CreateDestinationBody = z
  .discriminatedUnion('kind', [
    z
      .object({
        kind: z.literal('phone_number'),
        address: E164Number.describe("One of the organization's phone numbers, E.164."),
        agent_id: Id('The agent that answers (agt_...).').optional(),
        sip_trunk_id: Id('The trunk calls arrive through (trk_...).').optional(),
        allow_unauthenticated_sip: AllowUnauthenticatedSip,
      })
      .strict(),
    z
      .object({
        kind: z.literal('sip_address'),
        address: SipUri.describe('A SIP URI, e.g. sip:frontdesk@acme.example.com.'),
        agent_id: Id('The agent that answers (agt_...).').optional(),
        sip_trunk_id: Id('The trunk calls arrive through (trk_...).').optional(),
        allow_unauthenticated_sip: AllowUnauthenticatedSip,
      })
      .strict(),
  ])
  .openapi('CreateDestinationBody');
export type CreateDestinationBody = z.input<typeof CreateDestinationBody>;

export const DestinationView = z
  .object({
    destination_id: z.string(),
    kind: z.enum(['phone_number', 'sip_address']),
    address: z.string(),
    agent_id: z.string().nullable(),
    sip_trunk_id: z.string().nullable(),
    allow_unauthenticated_sip: z.boolean().describe('SIP calls from any address are admitted (otherwise only through the inbound trunk).'),
    created_at: z.string(),
  })
  .openapi('Destination');
export type DestinationView = z.infer<typeof DestinationView>;
export const DestinationResponse = z.object({ destination: DestinationView }).openapi('DestinationResponse');
export const DestinationIdParams = z.object({ destination_id: Id('A destination id (dst_...).') }).strict();

export const AssignAgentDestinationBody = z
  .object({
    agent_id: Id('The agent (agt_...).'),
    destination_id: Id('The destination (dst_...).'),
  })
  .strict()
  .openapi('AssignAgentDestinationBody');
export type AssignAgentDestinationBody = z.input<typeof AssignAgentDestinationBody>;

export const SimulateInboundBody = z
  .object({
    caller: z
      .object({
        name: z.string().trim().max(200).nullable().optional().describe("The caller's name, if known."),
        address: E164Number.describe("The caller's number, E.164."),
      })
      .strict(),
    customer_turns: z.array(z.string().trim().min(1).max(2000)).max(30).describe('What the caller says, turn by turn.'),
  })
  .strict()
  .openapi('SimulateInboundBody');
export type SimulateInboundBody = z.input<typeof SimulateInboundBody>;

// ---- voices ----

export const VoiceView = z.object({
  provider: z.string().describe('The text-to-speech provider.'),
  voice_id: z.string().describe("What an agent's voice setting names."),
  name: z.string(),
  language: z.string().describe('BCP 47, e.g. en-US.'),
  gender: z.enum(['female', 'male', 'neutral']),
  kind: z.enum(['stock', 'cloned']).describe("stock: a provider's catalogue voice; cloned: the organization's own, made with voice_clone_start."),
  voice_clone_id: z.string().nullable().describe('The clone job a cloned voice came from (vcl_...); null for stock voices.'),
});
export type ListVoicesQuery = z.input<typeof ListVoicesQuery>;
export const ListVoicesQuery = z
  .object({
    provider: z.string().trim().min(1).max(40).optional().describe("Only this text-to-speech provider's voices."),
    language: z.string().trim().min(2).max(20).optional().describe('Only voices for this language: a prefix such as en or en-GB.'),
    ...pageQuery,
  })
  .strict();
export const ListVoicesResult = z.object({ voices: z.array(VoiceView), ...pageFields }).openapi('ListVoicesResult');

/**
 * The path of a carrier callback (/carriers/twilio/status/{id}, /carriers/telnyx/events/{id}): a carrier log row's
 * id, checked for its shape before anything (the rate limiter's key, the database) sees it, so a stranger's NUL or
 * megabyte is a 400 rather than a query (issue 29).
 */
export const CarrierCallPath = z
  .object({
    call_log_id: z.string().refine((v) => isId('carrierCall', v), 'must be a carrier call id (ccl_ and 26 base32 characters)'),
  })
  .strict();
