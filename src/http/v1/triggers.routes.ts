import { z } from 'zod';
import {
  CreatedTriggerResponse,
  DeletedResponse,
  ListRunsResponse,
  ListTriggersResponse,
  ReplayResponse,
  TriggerParams,
  TriggerResponse,
  TriggerRunParams,
  TriggerRunResponse,
} from '../../modules/triggers/triggers.schemas.js';
import { createTrigger } from '../../modules/triggers/create-trigger.js';
import { deleteTrigger } from '../../modules/triggers/delete-trigger.js';
import { getTrigger } from '../../modules/triggers/get-trigger.js';
import { listTriggers } from '../../modules/triggers/list-triggers.js';
import { setTriggerEnabled } from '../../modules/triggers/set-trigger-enabled.js';
import { getTriggerRun } from '../../modules/triggers/get-trigger-run.js';
import { listTriggerRuns } from '../../modules/triggers/list-trigger-runs.js';
import { replayTriggerEvents } from '../../modules/triggers/replay-trigger-events.js';
import { resendTriggerRun } from '../../modules/triggers/resend-trigger-run.js';
import { triggerSettingsFrom } from '../../modules/triggers/trigger-settings.js';
import { route } from '../route.js';
import { listAnswer } from '../../modules/paging.js';

const tag = 'Agent triggers';

const NoQuery = z.object({}).strict();

export const triggerRoutes = [
  route({
    method: 'post',
    path: '/v1/agent_trigger/create',
    operationId: 'createAgentTrigger',
    tag,
    summary: "Create a webhook trigger on an agent's events; the signing secret is in this answer only",
    description:
      'Deliveries follow Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature v1 HMAC-SHA256). ' +
      'The URL must be https and must not name a private or reserved address.',
    operation: createTrigger,
    takes: 'body',
    response: CreatedTriggerResponse,
    status: 201,
    handler: async ({ em, principal, body, deps }) => createTrigger(em, principal, body, triggerSettingsFrom(deps.config)),
  }),
  route({
    method: 'get',
    path: '/v1/agent_trigger/list',
    operationId: 'listAgentTriggers',
    tag,
    summary: 'The triggers of the organization (or of one agent), oldest first',
    operation: listTriggers,
    takes: 'query',
    response: ListTriggersResponse,
    handler: async ({ em, principal, query, deps }) => ({
      ...listAnswer('triggers', await listTriggers(em, principal, query.agent_id, triggerSettingsFrom(deps.config), query)),
    }),
  }),
  route({
    method: 'get',
    path: '/v1/agent_trigger/{trigger_id}/retrieve',
    operationId: 'retrieveAgentTrigger',
    tag,
    summary: 'A trigger (never its signing secret)',
    operation: getTrigger,
    params: TriggerParams,
    query: NoQuery,
    response: TriggerResponse,
    handler: async ({ em, principal, params, deps }) => ({ trigger: await getTrigger(em, principal, params.trigger_id, triggerSettingsFrom(deps.config)) }),
  }),
  route({
    method: 'post',
    path: '/v1/agent_trigger/{trigger_id}/disable',
    operationId: 'disableAgentTrigger',
    tag,
    summary: 'Disable a trigger: no new runs, and runs still retrying stop',
    operation: setTriggerEnabled,
    params: TriggerParams,
    response: TriggerResponse,
    handler: async ({ em, principal, params, deps }) => ({
      trigger: await setTriggerEnabled(em, principal, params.trigger_id, false, triggerSettingsFrom(deps.config)),
    }),
  }),
  route({
    method: 'post',
    path: '/v1/agent_trigger/{trigger_id}/enable',
    operationId: 'enableAgentTrigger',
    tag,
    summary: 'Enable a trigger again (also after a receiver answered 410)',
    operation: setTriggerEnabled,
    params: TriggerParams,
    response: TriggerResponse,
    handler: async ({ em, principal, params, deps }) => ({
      trigger: await setTriggerEnabled(em, principal, params.trigger_id, true, triggerSettingsFrom(deps.config)),
    }),
  }),
  route({
    method: 'delete',
    path: '/v1/agent_trigger/{trigger_id}/delete',
    operationId: 'deleteAgentTrigger',
    tag,
    summary: 'Delete a trigger and its runs',
    operation: deleteTrigger,
    params: TriggerParams,
    response: DeletedResponse,
    handler: async ({ em, principal, params }) => deleteTrigger(em, principal, params.trigger_id),
  }),
  route({
    method: 'get',
    path: '/v1/agent_trigger/{trigger_id}/run/list',
    operationId: 'listAgentTriggerRuns',
    tag,
    summary: 'The runs of a trigger, newest first (keyset-paged)',
    operation: listTriggerRuns,
    params: TriggerParams,
    takes: 'query',
    response: ListRunsResponse,
    handler: async ({ em, principal, params, query }) => listAnswer('runs', await listTriggerRuns(em, principal, params.trigger_id, query)),
  }),
  route({
    method: 'get',
    path: '/v1/agent_trigger/run/{run_id}/retrieve',
    operationId: 'retrieveAgentTriggerRun',
    tag,
    summary: 'A trigger run with every attempt (time, status code, latency, error)',
    operation: getTriggerRun,
    params: TriggerRunParams,
    query: NoQuery,
    response: TriggerRunResponse,
    handler: async ({ em, principal, params }) => ({ run: await getTriggerRun(em, principal, params.run_id) }),
  }),
  route({
    method: 'post',
    path: '/v1/agent_trigger/run/{run_id}/resend',
    operationId: 'resendAgentTriggerRun',
    tag,
    summary: "Deliver a run's event again as a new run (the same webhook-id)",
    description: 'Send an Idempotency-Key header to make a retry return the same run. 409 when the trigger is disabled.',
    operation: resendTriggerRun,
    params: TriggerRunParams,
    response: TriggerRunResponse,
    status: 202,
    handler: async ({ em, principal, params, idempotencyKey }) => ({
      run: await resendTriggerRun(em, principal, params.run_id, idempotencyKey),
    }),
  }),
  route({
    method: 'post',
    path: '/v1/agent_trigger/{trigger_id}/replay',
    operationId: 'replayAgentTrigger',
    tag,
    summary: "Deliver again, as new runs, the trigger's events of a time range, to its URL or another",
    description: 'At most 1000 events per replay. Send an Idempotency-Key header to make a retry return the same runs. ' + '409 when the trigger is disabled.',
    operation: replayTriggerEvents,
    params: TriggerParams,
    takes: 'body',
    response: ReplayResponse,
    status: 202,
    handler: async ({ em, principal, params, body, deps, idempotencyKey }) => ({
      runs: await replayTriggerEvents(em, principal, params.trigger_id, body, triggerSettingsFrom(deps.config), idempotencyKey),
    }),
  }),
];
