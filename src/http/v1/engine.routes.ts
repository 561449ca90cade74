import { AgentIdParams } from '../../modules/agents/agents.schemas.js';
import { RetrieveSessionResponse } from '../../modules/calls/calls.schemas.js';
import { ListModelProvidersResponse, ModelProviderResponse, SimulateCallBody } from '../../modules/engine/engine.schemas.js';
import { createModelProvider } from '../../modules/engine/create-model-provider.js';
import { listModelProviders } from '../../modules/engine/list-model-providers.js';
import { engineSettingsFrom } from '../../modules/engine/engine-settings.js';
import { appEngineDeps } from '../engine-deps.js';
import { simulateCall } from '../../modules/engine/simulate-call.js';
import { route } from '../route.js';
import { listAnswer } from '../../modules/paging.js';

export const engineRoutes = [
  route({
    method: 'post',
    path: '/v1/agent/{agent_id}/simulate_call',
    operationId: 'simulateCall',
    tag: 'Agents',
    summary: "Run a simulated call: the customer's turns as text, through the conversation engine",
    description:
      'Creates a real call session (legs, transcript, tool calls, variables, cost) and returns it. The version is ' +
      'version_id, or the head of branch_id, or, with neither, the one a real call from this caller reaches: by the ' +
      'traffic split, else the live version (409 when the agent has none). A model failure is not an error of this ' +
      'request: the session is returned with status failed and end reason error.',
    permission: 'tests:run',
    params: AgentIdParams,
    body: SimulateCallBody,
    response: RetrieveSessionResponse,
    status: 201,
    handler: async ({ deps, em, principal, params, body }) => ({
      session: await simulateCall(appEngineDeps(deps), em, principal, params.agent_id, body),
    }),
  }),
  route({
    method: 'post',
    path: '/v1/model_provider/create',
    operationId: 'createModelProvider',
    tag: 'Model providers',
    summary: 'Register a model provider (base URL and API key) for openai-compatible agents',
    description:
      'The API key is stored encrypted and never returned. Agents name the provider in model.provider_id; an ' +
      'organization with one provider needs no provider_id. A base URL on a private or loopback address is refused.',
    operation: createModelProvider,
    takes: 'body',
    response: ModelProviderResponse,
    status: 201,
    handler: async ({ deps, em, principal, body }) => ({
      model_provider: await createModelProvider(em, principal, body, engineSettingsFrom(deps.config)),
    }),
  }),
  route({
    method: 'get',
    path: '/v1/model_provider/list',
    operationId: 'listModelProviders',
    tag: 'Model providers',
    summary: "The organization's model providers (never their keys)",
    operation: listModelProviders,
    takes: 'query',
    response: ListModelProvidersResponse,
    handler: async ({ em, principal, query }) => listAnswer('model_providers', await listModelProviders(em, principal, query)),
  }),
];
