import {
  CallSessionIdParams,
  CostBreakdownResponse,
  ListSessionsQuery,
  ListSessionsResponse,
  RecordingLinkResponse,
  RetrieveSessionResponse,
  RetrieveToolCallResponse,
  SessionIdParams,
  ToolCallParams,
} from '../../modules/calls/calls.schemas.js';
import { listSessions } from '../../modules/calls/list-sessions.js';
import { getSessionJson } from '../../modules/calls/get-session.js';
import { getToolCall } from '../../modules/calls/get-tool-call.js';
import { createRecordingLink } from '../../modules/calls/recording-links.js';
import { getCostBreakdown } from '../../modules/calls/cost-breakdown.js';
import { hangupCall } from '../../modules/calls/hangup-call.js';
import { temporalAccess } from '../../modules/temporal-access.js';
import { z } from 'zod';
import { JsonText, route } from '../route.js';
import { publicBaseUrl } from '../../edge/base-url.js';

const tag = 'Call sessions';

export const callRoutes = [
  route({
    method: 'get',
    path: '/v1/call_session/get',
    operationId: 'listCallSessions',
    summary: 'List call sessions, newest first',
    description:
      'Sessions that started between from_time and to_time, newest first, each with its legs, transcripts and summaries. ' +
      'Pagination is by keyset: when has_more is true, send next_cursor as cursor (with the same filters) for the next page. ' +
      'A page never skips or repeats a session, also when new sessions arrive between pages. ' +
      'Every kind is listed unless kind says which (live, test, simulation, a comma list, or all).',
    tag,
    permission: 'calls:read',
    query: ListSessionsQuery,
    response: ListSessionsResponse,
    handler: ({ em, principal, query }) => listSessions(em, principal.organizationId, query),
  }),
  route({
    method: 'get',
    path: '/v1/call_session/retrieve/{session_id}',
    operationId: 'retrieveCallSession',
    summary: 'Retrieve one call session',
    tag,
    permission: 'calls:read',
    params: SessionIdParams,
    response: RetrieveSessionResponse,
    // The session comes as JSON text from PostgreSQL and is sent without a parse/serialize round trip.
    handler: async ({ em, principal, params }) => new JsonText(`{"session":${await getSessionJson(em, principal.organizationId, params.session_id)}}`),
  }),
  route({
    method: 'get',
    path: '/v1/call_session/{session_id}/leg/{leg_id}/tool_call/{tool_call_id}/retrieve',
    operationId: 'retrieveToolCall',
    summary: 'Retrieve a tool call of a leg',
    tag,
    permission: 'calls:read',
    params: ToolCallParams,
    response: RetrieveToolCallResponse,
    handler: async ({ em, principal, params }) => ({ tool_call: await getToolCall(em, principal.organizationId, params) }),
  }),
  route({
    method: 'post',
    path: '/v1/call_session/{call_session_id}/hangup',
    operationId: 'hangupCall',
    summary: 'Hang up a live call',
    description:
      'Ends a call in progress (status in_progress): the agent side hangs up and the call is recorded as ended. 409 when the call is not in progress.',
    tag,
    answers: { 503: "The call's media process or Temporal is unreachable; retry after Retry-After" },
    permission: 'outbound:call',
    params: CallSessionIdParams,
    response: z.object({ session_id: z.string(), hangup: z.literal('requested') }).openapi('HangupResponse'),
    status: 202,
    handler: async ({ em, principal, params, deps }) => hangupCall(em, temporalAccess(deps), principal, params.call_session_id),
  }),
  route({
    method: 'get',
    path: '/v1/call_session/{call_session_id}/recording_url/retrieve',
    operationId: 'retrieveRecordingUrl',
    summary: 'Get a signed link to the recording',
    description: 'Every request issues a new link, valid for one hour. The link serves audio/wav and needs no headers.',
    tag,
    permission: 'recordings:read',
    params: CallSessionIdParams,
    response: RecordingLinkResponse,
    handler: async ({ em, principal, params, deps, ctx }) => ({
      recording: await createRecordingLink(
        em,
        { secret: deps.config.recordings.linkSecret, baseUrl: publicBaseUrl(deps.config, ctx) },
        principal.organizationId,
        params.call_session_id,
      ),
    }),
  }),
  route({
    method: 'get',
    path: '/v1/call_session/{call_session_id}/cost_breakdown',
    operationId: 'retrieveCostBreakdown',
    summary: 'Cost of a session per leg and per component',
    description: 'Amounts in micros. Phone time is priced per second, pro rata of the per-minute price list of the organization.',
    tag,
    permission: 'billing:read',
    params: CallSessionIdParams,
    response: CostBreakdownResponse,
    handler: async ({ em, principal, params }) => ({
      cost_breakdown: await getCostBreakdown(em, principal.organizationId, params.call_session_id),
    }),
  }),
];
