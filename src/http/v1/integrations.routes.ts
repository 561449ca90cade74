import { z } from 'zod';
import {
  ConnectionIdParams,
  ConnectionResponse,
  ConnectionView,
  DeleteConnectionResponse,
  IntegrationInfoResponse,
  ListConnectionsResponse,
} from '../../modules/integrations/integrations.schemas.js';
import { getIntegrationInfo } from '../../modules/integrations/get-integration-info.js';
import { connectIntegration } from '../../modules/integrations/connect-integration.js';
import { listConnections } from '../../modules/integrations/list-connections.js';
import { disconnectConnection } from '../../modules/integrations/disconnect-connection.js';
import { deleteConnection } from '../../modules/integrations/delete-connection.js';
import { engineSettingsFrom } from '../../modules/engine/engine-settings.js';
import { route } from '../route.js';
import { listAnswer, PageQuery } from '../../modules/paging.js';

const tag = 'Integrations';

export const integrationRoutes = [
  route({
    method: 'get',
    path: '/v1/integration/info',
    operationId: 'getIntegrationInfo',
    tag,
    summary: 'The integrations that can be connected: kind, the fields each needs, the agent tools each gives',
    permission: 'org:read',
    query: PageQuery,
    response: IntegrationInfoResponse,
    handler: async ({ principal, query }) => listAnswer('integrations', getIntegrationInfo(principal, query)),
  }),
  route({
    method: 'post',
    path: '/v1/integration/connection/connect',
    operationId: 'connectIntegration',
    tag,
    summary: 'Connect a calendar (CalDAV), CRM (HubSpot) or helpdesk (Zendesk); with connection_id, reconnect one',
    description:
      'The credentials are checked with the provider before anything is stored: refused credentials, a missing calendar or ' +
      "a provider 4xx are a 422 with the provider's reason and nothing is saved (a failed reconnect leaves the connection as it was); " +
      'a private address is a 400; a provider that is down or unreachable a 502. Credentials are stored encrypted and never returned. ' +
      'The answer lists agent_tools entries to add to an agent version. Without connection_id each request makes a new ' +
      'connection: send an Idempotency-Key to retry safely.',
    answers: { 422: 'The provider refused the credentials', 502: 'The provider answered with an error' },
    creates: true,
    operation: connectIntegration,
    takes: 'body',
    response: z.object({ connection: ConnectionView, created: z.boolean().describe('false for a reconnect.') }).openapi('ConnectIntegrationResponse'),
    handler: ({ em, principal, body, deps }) => connectIntegration(em, principal, body, engineSettingsFrom(deps.config)),
  }),
  route({
    method: 'get',
    path: '/v1/integration/connection/get',
    operationId: 'getIntegrationConnections',
    tag,
    summary: 'Connections with their status (newest first, keyset-paginated); with connection_id, that one',
    operation: listConnections,
    takes: 'query',
    response: ListConnectionsResponse,
    handler: ({ em, principal, query }) => listConnections(em, principal, query),
  }),
  route({
    method: 'post',
    path: '/v1/integration/connection/{connection_id}/disconnect',
    operationId: 'disconnectIntegrationConnection',
    tag,
    summary: 'Disconnect: wipe the credentials; agents stop getting its tools. Reconnect with connect and connection_id',
    operation: disconnectConnection,
    params: ConnectionIdParams,
    response: ConnectionResponse,
    handler: async ({ em, principal, params }) => ({ connection: await disconnectConnection(em, principal, params.connection_id) }),
  }),
  route({
    method: 'delete',
    path: '/v1/integration/connection/{connection_id}/delete',
    operationId: 'deleteIntegrationConnection',
    tag,
    summary: 'Delete a connection and its credentials',
    operation: deleteConnection,
    params: ConnectionIdParams,
    response: DeleteConnectionResponse,
    handler: ({ em, principal, params }) => deleteConnection(em, principal, params.connection_id),
  }),
];
