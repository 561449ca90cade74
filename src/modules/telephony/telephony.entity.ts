import { defineEntity, p } from '@mikro-orm/core';
import { Organization } from '../org/org.entity.js';
import { Agent } from '../agents/agents.entity.js';

export const TELEPHONY_PROVIDERS = ['simulated', 'twilio', 'telnyx'] as const;
export type TelephonyProviderKind = (typeof TELEPHONY_PROVIDERS)[number];

export const CALL_OUTCOMES = ['answered', 'no_answer', 'busy', 'voicemail', 'failed'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** How the simulated carrier decides outcomes (see simulated-carrier.ts); stored on its connection. */
export interface SimulationSettings {
  seed: string;
  /** Checked in order; the first whose `suffix` ends the callee's number decides. */
  rules: { suffix: string; outcome: CallOutcome }[];
  /** Whole percents over the outcomes, adding up to 100, for numbers no rule matches. */
  distribution: Record<CallOutcome, number>;
}

/**
 * An organization's account with a carrier. Credentials (Twilio's Account SID
 * and auth token, Telnyx's API key) are one JSON document encrypted with the
 * organization id bound in (modules/secrets); no view ever carries them.
 * `baseUrl` exists so a connection can point at a regional edge or, in tests,
 * at a local server speaking the provider's wire format.
 */
const TelephonyConnectionSchema = defineEntity({
  name: 'TelephonyConnection',
  tableName: 'telephony_connection',
  uniques: [{ name: 'telephony_connection_org_name_unique', properties: ['organization', 'name'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    name: p.string().length(100),
    provider: p.string().length(20).$type<TelephonyProviderKind>(),
    /** Null for the simulated carrier, which needs none. */
    credentialsEncrypted: p.text().nullable(),
    baseUrl: p.string().length(500).nullable(),
    simulation: p.json<SimulationSettings>().nullable(),
    /** Twilio and Telnyx: at most this many dials a second through the account (null: no limit). */
    callsPerSecond: p.decimal('number').precision(6).scale(2).nullable(),
    /** The next instant a dial may be placed under callsPerSecond (reserved in place-call.ts). */
    nextDialAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class TelephonyConnection extends TelephonyConnectionSchema.class {}
TelephonyConnectionSchema.setClass(TelephonyConnection);

/**
 * A destination: an address an agent answers, a phone number (E.164) or a
 * SIP address. Addresses are unique across the platform, so an inbound call
 * maps to exactly one destination. `agent` is the agent↔destination
 * assignment (one agent per destination; an agent may have many).
 */
const DestinationSchema = defineEntity({
  name: 'Destination',
  tableName: 'destination',
  uniques: [{ name: 'destination_address_unique', properties: ['address'] }],
  indexes: [{ name: 'destination_org_idx', properties: ['organization', 'id'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    kind: p.string().length(20).$type<'phone_number' | 'sip_address'>(),
    address: p.string().length(255),
    agent: () => p.manyToOne(Agent).mapToPk().nullable().deleteRule('set null'),
    /** The trunk calls to this destination arrive through or leave by (sip_trunk/destination/assign). */
    trunk: () => p.manyToOne(SipTrunk).mapToPk().nullable().deleteRule('set null'),
    /**
     * SIP from any source is admitted (admit-inbound-call.ts). Off by default: without it only the addresses and
     * digest credentials of the destination's inbound trunk are (decision 0053).
     */
    allowUnauthenticatedSip: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class Destination extends DestinationSchema.class {}
DestinationSchema.setClass(Destination);

/**
 * A number the organization holds. `number` is unique across the platform: a
 * number belongs to one account at a time, and inbound routing finds it by
 * number alone. `connection` is null for numbers of the built-in simulated
 * carrier used without a connection.
 */
const PhoneNumberSchema = defineEntity({
  name: 'PhoneNumber',
  tableName: 'phone_number',
  uniques: [{ name: 'phone_number_number_unique', properties: ['number'] }],
  indexes: [{ name: 'phone_number_org_idx', properties: ['organization', 'id'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    number: p.string().length(20),
    country: p.string().length(2),
    provider: p.string().length(20).$type<TelephonyProviderKind>(),
    connection: () => p.manyToOne(TelephonyConnection).mapToPk().nullable().deleteRule('set null'),
    /** The provider's own id of the number (Twilio PN..., Telnyx's id). */
    providerNumberId: p.string().length(100).nullable(),
    /** purchased | imported */
    origin: p.string().length(10).$type<'purchased' | 'imported'>(),
    status: p.string().length(10).$type<'active' | 'pending'>(),
    destination: () => p.manyToOne(Destination).mapToPk().nullable().deleteRule('set null'),
    /** How the carrier routed the number's calls before the platform pointed them here (restored on removal). */
    voiceRoutingBefore: p.json<Record<string, string | null>>().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class PhoneNumber extends PhoneNumberSchema.class {}
PhoneNumberSchema.setClass(PhoneNumber);

/**
 * A SIP trunk: inbound trunks authenticate the far end by digest credentials
 * (password encrypted) or by source IP; endpoints are where outbound calls go.
 */
const SipTrunkSchema = defineEntity({
  name: 'SipTrunk',
  tableName: 'sip_trunk',
  uniques: [{ name: 'sip_trunk_org_name_unique', properties: ['organization', 'name'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    name: p.string().length(100),
    direction: p.string().length(10).$type<'inbound' | 'outbound' | 'both'>(),
    connection: () => p.manyToOne(TelephonyConnection).mapToPk().nullable().deleteRule('set null'),
    authUsername: p.string().length(100).nullable(),
    authPasswordEncrypted: p.text().nullable(),
    allowedIps: p.json<string[]>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class SipTrunk extends SipTrunkSchema.class {}
SipTrunkSchema.setClass(SipTrunk);

const SipTrunkEndpointSchema = defineEntity({
  name: 'SipTrunkEndpoint',
  tableName: 'sip_trunk_endpoint',
  indexes: [{ name: 'sip_trunk_endpoint_trunk_idx', properties: ['trunk', 'priority'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    trunk: () => p.manyToOne(SipTrunk).mapToPk().deleteRule('cascade'),
    uri: p.string().length(255),
    /** Lower is tried first (RFC 3263 style); weight shares load within a priority. */
    priority: p.integer(),
    weight: p.integer(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class SipTrunkEndpoint extends SipTrunkEndpointSchema.class {}
SipTrunkEndpointSchema.setClass(SipTrunkEndpoint);

/**
 * Every call placed through a provider, keyed by the caller's idempotency
 * key. The unique constraint is what makes placeCall idempotent: the row is
 * reserved before the provider is asked, so a retry (or a racing twin) finds
 * it and returns the first call instead of dialling again. Twilio has no
 * idempotency keys of its own, so for it this table is the only guard.
 */
const CarrierCallLogSchema = defineEntity({
  name: 'CarrierCallLog',
  tableName: 'carrier_call_log',
  uniques: [{ name: 'carrier_call_log_provider_key_unique', properties: ['provider', 'idempotencyKey'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    provider: p.string().length(20).$type<TelephonyProviderKind>(),
    connectionId: p.string().length(40).nullable(),
    idempotencyKey: p.string().length(200),
    fromNumber: p.string().length(20),
    toNumber: p.string().length(20),
    /** Null while the provider is being asked (the reservation). */
    providerCallId: p.string().length(200).nullable(),
    /** The simulated carrier knows the outcome at once; real providers report it later (queued). */
    status: p.string().length(20),
    /** The outcome the provider's status callbacks decided (a CallOutcome); null until one does. */
    outcome: p.string().length(20).nullable(),
    /** The order of the callback that set `status` (Twilio's SequenceNumber): a later one that arrives first wins. */
    statusSequence: p.integer().nullable(),
    /** Who answered, by the provider's answering-machine detection (Twilio's AnsweredBy). */
    answeredBy: p.string().length(40).nullable(),
    durationSeconds: p.integer().nullable(),
    statusUpdatedAt: p.datetime().nullable(),
    /** When the call's media stream was taken: one stream per call (media/call/carrier-streams.ts). */
    streamClaimedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class CarrierCallLog extends CarrierCallLogSchema.class {}
CarrierCallLogSchema.setClass(CarrierCallLog);

export const telephonyEntities = [TelephonyConnection, Destination, PhoneNumber, SipTrunk, SipTrunkEndpoint, CarrierCallLog];
