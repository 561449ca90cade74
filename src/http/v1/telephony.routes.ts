import { z } from 'zod';
import { RetrieveSessionResponse } from '../../modules/calls/calls.schemas.js';
import { engineSettingsFrom } from '../../modules/engine/engine-settings.js';
import { appEngineDeps } from '../engine-deps.js';
import {
  ConnectionView,
  DestinationIdParams,
  DestinationResponse,
  DestinationView,
  ListPhoneNumbersResponse,
  ListVoicesResult,
  NumberParams,
  PhoneNumberIdParams,
  PhoneNumberResponse,
  SearchNumbersResult,
  SimulateInboundBody,
  SipTrunkView,
} from '../../modules/telephony/telephony.schemas.js';
import { createConnection } from '../../modules/telephony/carriers/create-connection.js';
import { listConnections } from '../../modules/telephony/carriers/list-connections.js';
import { deletePhoneNumber } from '../../modules/telephony/numbers/delete-phone-number.js';
import { getPhoneNumber } from '../../modules/telephony/numbers/get-phone-number.js';
import { importPhoneNumber } from '../../modules/telephony/numbers/import-phone-number.js';
import { purchasePhoneNumber } from '../../modules/telephony/numbers/purchase-phone-number.js';
import { listPhoneNumbers } from '../../modules/telephony/numbers/list-phone-numbers.js';
import { searchPhoneNumbers } from '../../modules/telephony/numbers/search-phone-numbers.js';
import { assignTrunkDestination } from '../../modules/telephony/destinations/assign-trunk-destination.js';
import { createSipTrunk } from '../../modules/telephony/trunks/create-sip-trunk.js';
import { createSipTrunkEndpoint } from '../../modules/telephony/trunks/create-sip-trunk-endpoint.js';
import { deleteSipTrunk } from '../../modules/telephony/trunks/delete-sip-trunk.js';
import { listSipTrunks } from '../../modules/telephony/trunks/list-sip-trunks.js';
import { assignAgentDestination } from '../../modules/telephony/destinations/assign-agent-destination.js';
import { createDestination } from '../../modules/telephony/destinations/create-destination.js';
import { deleteDestination } from '../../modules/telephony/destinations/delete-destination.js';
import { listDestinations } from '../../modules/telephony/destinations/list-destinations.js';
import { simulateInboundCall } from '../../modules/telephony/routing/route-inbound-call.js';
import { listVoices } from '../../modules/telephony/voices.js';
import { route } from '../route.js';
import { listAnswer, PageQuery, pageFields } from '../../modules/paging.js';

const tag = 'Telephony';
const NoQuery = z.object({}).strict();
const SipTrunkResponse = z.object({ sip_trunk: SipTrunkView }).openapi('SipTrunkResponse');
const Deleted = (idField: string) => z.object({ deleted: z.literal(true), [idField]: z.string() });

export const telephonyRoutes = [
  route({
    method: 'post',
    path: '/v1/telephony/connection/create',
    operationId: 'createTelephonyConnection',
    tag,
    summary: 'Connect a carrier account: Twilio, Telnyx, or the built-in simulated carrier',
    description:
      "Twilio and Telnyx credentials are checked with the provider first (a refusal is a 422 naming the provider's " +
      'code; the provider failing is a 502, unreachable a 503), then stored encrypted and never returned.',
    operation: createConnection,
    takes: 'body',
    response: z.object({ connection: ConnectionView }),
    status: 201,
    handler: async ({ deps, em, principal, body }) => ({ connection: await createConnection(em, principal, body, engineSettingsFrom(deps.config)) }),
  }),
  route({
    method: 'get',
    path: '/v1/telephony/connection/list',
    operationId: 'listTelephonyConnections',
    tag,
    summary: "The organization's carrier accounts (never their credentials)",
    operation: listConnections,
    takes: 'query',
    response: z.object({ connections: z.array(ConnectionView), ...pageFields }),
    handler: async ({ em, principal, query }) => listAnswer('connections', await listConnections(em, principal, query)),
  }),
  route({
    method: 'get',
    path: '/v1/phone/number/search',
    operationId: 'searchPhoneNumbers',
    tag,
    summary: "Numbers available to buy, from a connection's provider (default: the simulated carrier)",
    operation: searchPhoneNumbers,
    takes: 'query',
    response: SearchNumbersResult,
    handler: ({ deps, em, principal, query }) => searchPhoneNumbers(em, principal, query, engineSettingsFrom(deps.config)),
  }),
  route({
    method: 'post',
    path: '/v1/phone/number/purchase',
    operationId: 'purchasePhoneNumber',
    tag,
    summary: 'Buy a number through a connection (default: the simulated carrier)',
    description: 'The number is normalised to E.164; a number already on the platform is a 409.',
    answers: { 422: 'The carrier refused the number', 502: 'The carrier answered with an error', 503: 'The carrier is unreachable; retry after Retry-After' },
    operation: purchasePhoneNumber,
    takes: 'body',
    response: PhoneNumberResponse,
    status: 201,
    handler: async ({ deps, em, principal, body }) => ({ phone_number: await purchasePhoneNumber(em, principal, body, engineSettingsFrom(deps.config)) }),
  }),
  route({
    method: 'post',
    path: '/v1/phone/number/provider/import',
    operationId: 'importPhoneNumber',
    tag,
    summary: 'Bring a number held in a Twilio or Telnyx account under the platform',
    description: 'The account is asked whether it holds the number; a number it does not hold is a 404.',
    answers: {
      422: 'The carrier does not hold that number on the connection',
      502: 'The carrier answered with an error',
      503: 'The carrier is unreachable; retry after Retry-After',
    },
    operation: importPhoneNumber,
    takes: 'body',
    response: PhoneNumberResponse,
    status: 201,
    handler: async ({ deps, em, principal, body }) => ({ phone_number: await importPhoneNumber(em, principal, body, engineSettingsFrom(deps.config)) }),
  }),
  route({
    method: 'get',
    path: '/v1/phone/number/list',
    operationId: 'listPhoneNumbers',
    tag,
    summary: "The organization's phone numbers",
    operation: listPhoneNumbers,
    takes: 'query',
    response: ListPhoneNumbersResponse,
    handler: async ({ em, principal, query }) => listAnswer('phone_numbers', await listPhoneNumbers(em, principal, query)),
  }),
  route({
    method: 'get',
    path: '/v1/phone/number/retrieve/{phone_number_id}',
    operationId: 'retrievePhoneNumber',
    tag,
    summary: 'One phone number',
    operation: getPhoneNumber,
    params: PhoneNumberIdParams,
    query: NoQuery,
    response: PhoneNumberResponse,
    handler: async ({ em, principal, params }) => ({ phone_number: await getPhoneNumber(em, principal, params.phone_number_id) }),
  }),
  route({
    method: 'delete',
    path: '/v1/phone/number/delete/{phone_number_id}',
    operationId: 'deletePhoneNumber',
    tag,
    summary: 'Remove a number from the platform (it is not released at the provider; its calls are routed as before)',
    operation: deletePhoneNumber,
    params: PhoneNumberIdParams,
    response: Deleted('phone_number_id'),
    handler: ({ deps, em, principal, params }) => deletePhoneNumber(em, principal, params.phone_number_id, engineSettingsFrom(deps.config)),
  }),
  route({
    method: 'post',
    path: '/v1/phone/number/{number}/simulate_inbound',
    operationId: 'simulateInboundCall',
    tag,
    summary: 'Simulate a call to one of your numbers: routed like a real one, run through the engine',
    description:
      "The number's destination decides the agent, the agent's traffic split the version (the same caller keeps " +
      'reaching the same version). Returns the call session written for it.',
    permission: 'tests:run',
    params: NumberParams,
    body: SimulateInboundBody,
    response: RetrieveSessionResponse,
    status: 201,
    handler: async ({ deps, em, principal, params, body }) => ({
      session: await simulateInboundCall(appEngineDeps(deps), em, principal, params.number, body),
    }),
  }),
  route({
    method: 'post',
    path: '/v1/sip_trunk/create',
    operationId: 'createSipTrunk',
    tag,
    summary: 'Create a SIP trunk (digest credentials or allowed IPs; the password is stored encrypted)',
    operation: createSipTrunk,
    takes: 'body',
    response: SipTrunkResponse,
    status: 201,
    handler: async ({ deps, em, principal, body }) => ({ sip_trunk: await createSipTrunk(em, principal, body, engineSettingsFrom(deps.config)) }),
  }),
  route({
    method: 'get',
    path: '/v1/sip_trunk/list',
    operationId: 'listSipTrunks',
    tag,
    summary: "The organization's SIP trunks with their endpoints",
    operation: listSipTrunks,
    takes: 'query',
    response: z.object({ sip_trunks: z.array(SipTrunkView), ...pageFields }),
    handler: async ({ em, principal, query }) => listAnswer('sip_trunks', await listSipTrunks(em, principal, query)),
  }),
  route({
    method: 'delete',
    path: '/v1/sip_trunk/delete/{sip_trunk_id}',
    operationId: 'deleteSipTrunk',
    tag,
    summary: 'Delete a SIP trunk and its endpoints',
    operation: deleteSipTrunk,
    params: z.object({ sip_trunk_id: z.string().min(1).max(60) }).strict(),
    response: Deleted('sip_trunk_id'),
    handler: ({ em, principal, params }) => deleteSipTrunk(em, principal, params.sip_trunk_id),
  }),
  route({
    method: 'post',
    path: '/v1/sip_trunk_endpoint/create',
    operationId: 'createSipTrunkEndpoint',
    tag,
    summary: 'Add an endpoint (SIP URI, priority, weight) to a trunk; returns the trunk',
    operation: createSipTrunkEndpoint,
    takes: 'body',
    response: SipTrunkResponse,
    status: 201,
    handler: async ({ em, principal, body }) => ({ sip_trunk: await createSipTrunkEndpoint(em, principal, body) }),
  }),
  route({
    method: 'post',
    path: '/v1/sip_trunk/destination/assign',
    operationId: 'assignTrunkDestination',
    tag,
    summary: 'Route a destination through a trunk',
    operation: assignTrunkDestination,
    takes: 'body',
    response: DestinationResponse,
    handler: async ({ em, principal, body }) => ({ destination: await assignTrunkDestination(em, principal, body) }),
  }),
  route({
    method: 'post',
    path: '/v1/destination/create',
    operationId: 'createDestination',
    tag,
    summary: 'Create a destination: one of your numbers or a SIP address an agent answers',
    answers: { 422: "The address is not one of the organization's phone numbers" },
    operation: createDestination,
    takes: 'body',
    response: DestinationResponse,
    status: 201,
    handler: async ({ em, principal, body }) => ({ destination: await createDestination(em, principal, body) }),
  }),
  route({
    method: 'get',
    path: '/v1/destination/list',
    operationId: 'listDestinations',
    tag,
    summary: "The organization's destinations, optionally those of one agent",
    operation: listDestinations,
    query: z.object({ agent_id: z.string().min(1).max(60).optional(), ...PageQuery.shape }).strict(),
    response: z.object({ destinations: z.array(DestinationView), ...pageFields }),
    handler: async ({ em, principal, query }) => listAnswer('destinations', await listDestinations(em, principal, { agentId: query.agent_id }, query)),
  }),
  route({
    method: 'delete',
    path: '/v1/destination/delete/{destination_id}',
    operationId: 'deleteDestination',
    tag,
    summary: 'Delete a destination (calls to it stop routing)',
    operation: deleteDestination,
    params: DestinationIdParams,
    response: Deleted('destination_id'),
    handler: ({ em, principal, params }) => deleteDestination(em, principal, params.destination_id),
  }),
  route({
    method: 'post',
    path: '/v1/agent/destination/assign',
    operationId: 'assignAgentDestination',
    tag,
    summary: 'Assign a destination to an agent: calls to it reach the agent',
    operation: assignAgentDestination,
    takes: 'body',
    response: DestinationResponse,
    handler: async ({ em, principal, body }) => ({ destination: await assignAgentDestination(em, principal, body) }),
  }),
  route({
    method: 'get',
    path: '/v1/voice/list',
    operationId: 'listVoices',
    tag,
    summary: 'Voices agents can speak with, per text-to-speech provider',
    operation: listVoices,
    takes: 'query',
    response: ListVoicesResult,
    handler: async ({ em, principal, query }) => listVoices(em, principal, query),
  }),
];
