import {
  CampaignParams,
  CampaignPaceBody,
  CampaignReasonBody,
  CampaignResponse,
  CreateOutboundCallRestBody,
  LaunchCampaignRestBody,
  ListCampaignsResponse,
  ListRecipientsResponse,
  OutboundCallParams,
  OutboundCallResponse,
} from '../../modules/campaigns/campaigns.schemas.js';
import { launchCampaign } from '../../modules/campaigns/launch-campaign.js';
import { controlCampaign } from '../../modules/campaigns/control-campaign.js';
import { getCampaign } from '../../modules/campaigns/get-campaign.js';
import { listCampaigns } from '../../modules/campaigns/list-campaigns.js';
import { listCampaignRecipients } from '../../modules/campaigns/list-campaign-recipients.js';
import { parseInput } from '../../modules/validation.js';
import { createOutboundCall } from '../../modules/campaigns/create-outbound-call.js';
import { getOutboundCall } from '../../modules/campaigns/get-outbound-call.js';
import { temporalAccess } from '../../modules/temporal-access.js';
import { route, type Route } from '../route.js';
import { listAnswer } from '../../modules/paging.js';

const tag = 'Outbound calls';

const campaignTag = 'Campaigns';
const MOVE_SUMMARY = {
  pause: 'Pause a campaign: no new dials until resumed (calls in flight finish)',
  resume: 'Resume a paused campaign',
  cancel: 'Cancel a campaign: no new dials (calls in flight finish); recipients not yet dialled (again) end as cancelled',
} as const;

const moveRoutes: Route[] = (['pause', 'resume', 'cancel'] as const).map((move) =>
  route({
    method: 'post',
    path: `/v1/outbound/campaign/{campaign_id}/${move}`,
    operationId: `${move}Campaign`,
    tag: campaignTag,
    summary: MOVE_SUMMARY[move],
    description: 'Optional JSON body: {"reason": "..."}. A move the campaign cannot make now is a 409 saying why.',
    operation: controlCampaign,
    params: CampaignParams,
    response: CampaignResponse,
    handler: async ({ em, principal, params, deps, ctx }) => {
      const body = ctx.request.body === undefined ? {} : parseInput(CampaignReasonBody, ctx.request.body, 'body');
      return { campaign: await controlCampaign(em, principal, { campaignId: params.campaign_id, move, reason: body.reason }, temporalAccess(deps)) };
    },
  }),
);

export const campaignRoutes: Route[] = [
  route({
    method: 'post',
    path: '/v1/outbound/call/create',
    operationId: 'createOutboundCall',
    tag,
    summary: 'Call a number or a contact with an agent: DNC check, dial, conversation, recorded as a call session',
    description:
      'Answers 202 at once with the call (status queued); follow it with retrieve. The do-not-call list is checked right ' +
      'before dialling: a listed number ends as dnc_blocked. Unanswered calls end as no_answer, busy, voicemail or failed. ' +
      'Send an Idempotency-Key header to make a retry return the same call. 503 without Temporal.',
    answers: {
      422: 'The call cannot be placed: the agent is not published, or no number or trunk can place it',
      503: 'Temporal (the workflow service) is unreachable: nothing was started; retry after Retry-After',
    },
    operation: createOutboundCall,
    body: CreateOutboundCallRestBody,
    response: OutboundCallResponse,
    status: 202,
    handler: async ({ em, principal, body, deps, idempotencyKey }) => ({
      outbound_call: await createOutboundCall(em, principal, { ...body, idempotency_key: idempotencyKey }, temporalAccess(deps)),
    }),
  }),
  route({
    method: 'get',
    path: '/v1/outbound/call/retrieve/{outbound_call_id}',
    operationId: 'retrieveOutboundCall',
    tag,
    summary: 'An outbound call: its status, end reason and session id',
    operation: getOutboundCall,
    params: OutboundCallParams,
    response: OutboundCallResponse,
    handler: async ({ em, principal, params }) => ({ outbound_call: await getOutboundCall(em, principal, params.outbound_call_id) }),
  }),
  route({
    method: 'post',
    path: '/v1/outbound/campaign/launch',
    operationId: 'launchCampaign',
    tag: campaignTag,
    summary: 'Launch a campaign: call a list of contacts or numbers with an agent, within calling windows, at a pace',
    description:
      'Answers 202 with the campaign (status running). Each recipient is dialled within its calling window (local time of its ' +
      "number's zone), with the DNC list checked right before each dial, under max_concurrent_calls and calls_per_minute, " +
      'retrying no_answer/busy/voicemail within the attempt budget. Send an Idempotency-Key header to make a retry return the ' +
      'same campaign. 503 without Temporal.',
    answers: {
      422: 'The campaign cannot run as given: no dialable recipient, no number to call from, or the agent is not published',
      503: 'Temporal (the workflow service) is unreachable: nothing was started; retry after Retry-After',
    },
    operation: launchCampaign,
    body: LaunchCampaignRestBody,
    response: CampaignResponse,
    status: 202,
    handler: async ({ em, principal, body, deps, idempotencyKey }) => ({
      campaign: await launchCampaign(em, principal, { ...body, idempotency_key: idempotencyKey }, temporalAccess(deps)),
    }),
  }),
  route({
    method: 'get',
    path: '/v1/outbound/campaign/list',
    operationId: 'listCampaigns',
    tag: campaignTag,
    summary: 'The campaigns, newest first, with their counts',
    operation: listCampaigns,
    takes: 'query',
    response: ListCampaignsResponse,
    handler: async ({ em, principal, query }) => listAnswer('campaigns', await listCampaigns(em, principal, query)),
  }),
  route({
    method: 'get',
    path: '/v1/outbound/campaign/{campaign_id}/retrieve',
    operationId: 'retrieveCampaign',
    tag: campaignTag,
    summary: 'A campaign: settings, status, spend, recipient counts by state and outcome, and live progress while it runs',
    operation: getCampaign,
    params: CampaignParams,
    response: CampaignResponse,
    handler: async ({ em, principal, params, deps }) => ({
      campaign: await getCampaign(em, principal, params.campaign_id, deps.temporal ? temporalAccess(deps) : undefined),
    }),
  }),
  route({
    method: 'get',
    path: '/v1/outbound/campaign/{campaign_id}/recipient/list',
    operationId: 'listCampaignRecipients',
    tag: campaignTag,
    summary: "A campaign's recipients in launch order, each with its state and every attempt's call and session (keyset-paged)",
    operation: listCampaignRecipients,
    params: CampaignParams,
    takes: 'query',
    response: ListRecipientsResponse,
    handler: async ({ em, principal, params, query }) => listAnswer('recipients', await listCampaignRecipients(em, principal, params.campaign_id, query)),
  }),
  ...moveRoutes,
  route({
    method: 'post',
    path: '/v1/outbound/campaign/{campaign_id}/pace',
    operationId: 'paceCampaign',
    tag: campaignTag,
    summary: "Change a running campaign's concurrency or calls per minute",
    operation: controlCampaign,
    params: CampaignParams,
    body: CampaignPaceBody,
    response: CampaignResponse,
    handler: async ({ em, principal, params, body, deps }) => ({
      campaign: await controlCampaign(em, principal, { campaignId: params.campaign_id, move: 'pace', pace: body }, temporalAccess(deps)),
    }),
  }),
];
