import { z } from 'zod';
import {
  AssignMcpServerResponse,
  UnassignMcpServerResponse,
  McpServerIdParams,
  McpServerListResponse,
  McpServerParams,
  McpServerResponse,
  McpToolParams,
  McpToolResponse,
  StartMcpOAuthResponse,
  SyncMcpToolsQuery,
  SyncMcpToolsResponse,
} from '../../modules/mcp-servers/mcp-servers.schemas.js';
import { createMcpServer } from '../../modules/mcp-servers/create-mcp-server.js';
import { getMcpServer } from '../../modules/mcp-servers/get-mcp-server.js';
import { listMcpServers } from '../../modules/mcp-servers/list-mcp-servers.js';
import { startMcpSync } from '../../modules/mcp-servers/start-mcp-sync.js';
import { activateMcpTool } from '../../modules/mcp-servers/activate-mcp-tool.js';
import { assignMcpServer } from '../../modules/mcp-servers/assign-mcp-server.js';
import { unassignMcpServer } from '../../modules/mcp-servers/unassign-mcp-server.js';
import { ensureMcpSyncSchedule } from '../../modules/mcp-servers/mcp-sync-schedule.js';
import { MCP_OAUTH_CALLBACK_PATH, startMcpOAuth } from '../../modules/mcp-servers/mcp-oauth.js';
import { engineSettingsFrom } from '../../modules/engine/engine-settings.js';
import { temporalAccess } from '../../modules/temporal-access.js';
import { publicBaseUrl } from '../../edge/base-url.js';
import { route } from '../route.js';
import { listAnswer } from '../../modules/paging.js';
import { parseInput } from '../../modules/validation.js';
import { McpServerDeleteParams, McpServerDeletedResponse } from '../../modules/deletes.schemas.js';
import { deleteMcpServer } from '../../modules/mcp-servers/delete-mcp-server.js';

const tag = 'MCP servers';
const NoQuery = z.object({}).strict();

const deleteRoute = route({
  method: 'delete',
  path: '/v1/mcp/server/delete/{mcp_server_id}',
  operationId: 'deleteMcpServer',
  tag,
  summary: 'Delete an external MCP server and its synced tools',
  description: 'Refused with 409 while the server is assigned to an agent (the answer names them in in_use_by): unassign it first.',
  operation: deleteMcpServer,
  params: McpServerDeleteParams,
  response: McpServerDeletedResponse,
  handler: ({ em, principal, params }) => deleteMcpServer(em, principal, params.mcp_server_id),
});

export const mcpServerRoutes = [
  route({
    method: 'post',
    path: '/v1/mcp/server/create',
    operationId: 'createMcpServer',
    tag,
    summary: "Connect an external MCP server (Streamable HTTP) with the operator's headers",
    description:
      'The address must be public. headers are stored encrypted and never returned. sign_in_method oauth: then start the sign-in with oauth/authorize. Tools arrive with a sync; a Temporal Schedule syncs every 6 hours.',
    operation: createMcpServer,
    takes: 'body',
    response: McpServerResponse,
    status: 201,
    handler: async ({ em, principal, body, deps }) => {
      const server = await createMcpServer(em, principal, body, {
        encryptionKey: deps.config.secrets.encryptionKey,
        allowedHosts: deps.config.outbound.allowedHosts,
      });
      // The periodic sync. The server is saved either way: without Temporal now, its first on-demand sync creates the schedule.
      if (deps.temporal) {
        await ensureMcpSyncSchedule(temporalAccess(deps), server.id).catch((error: unknown) =>
          deps.logger.warn({ err: error, mcp_server_id: server.id }, 'MCP sync schedule not created'),
        );
      }
      return { mcp_server: server };
    },
  }),
  route({
    method: 'get',
    path: '/v1/mcp/server/list',
    operationId: 'listMcpServers',
    tag,
    summary: "The organization's MCP servers with their discovery state",
    operation: listMcpServers,
    takes: 'query',
    response: McpServerListResponse,
    handler: async ({ em, principal, query }) => listAnswer('mcp_servers', await listMcpServers(em, principal, query)),
  }),
  route({
    method: 'get',
    path: '/v1/mcp/server/retrieve/{id}',
    operationId: 'retrieveMcpServer',
    tag,
    summary: 'One MCP server: discovery state (last sync, tool count, last error) and its tools with their permissions',
    operation: getMcpServer,
    params: McpServerIdParams,
    query: NoQuery,
    response: McpServerResponse,
    handler: async ({ em, principal, params }) => ({ mcp_server: await getMcpServer(em, principal, params.id) }),
  }),
  route({
    method: 'post',
    path: '/v1/mcp/server/{mcp_server_id}/tool/sync',
    operationId: 'syncMcpServerTools',
    tag,
    summary: "Sync the server's tools (the mcpToolSync workflow); with wait, return its result and the synced tools",
    description:
      'Optional JSON body {"wait": true, "wait_seconds": 30}, or the same as query parameters (?wait=true), to wait for the ' +
      'result: at most wait_seconds (default 30, up to 60), after which the answer is status running with timed_out true and the ' +
      'sync goes on. New tools are added as ask, tools the server no longer lists are marked removed, permissions are kept. A ' +
      'request while a sync runs joins it.',
    // The body is optional (an empty POST starts a sync), so it is parsed here with the operation's input rather than required by the route.
    answers: { 503: 'Temporal (the workflow service) is unreachable: nothing was started; retry after Retry-After' },
    operation: startMcpSync,
    params: McpServerParams,
    query: SyncMcpToolsQuery,
    response: SyncMcpToolsResponse,
    handler: ({ em, principal, params, query, deps, ctx }) =>
      startMcpSync(em, principal, params.mcp_server_id, parseInput(startMcpSync.input, ctx.request.body ?? {}, 'body'), temporalAccess(deps), query),
  }),
  route({
    method: 'post',
    path: '/v1/mcp/server/{mcp_server_id}/tool/{tool_name}/activate',
    operationId: 'activateMcpServerTool',
    tag,
    summary: "Set a tool's permission (allow, ask, block) and whether it is active",
    operation: activateMcpTool,
    params: McpToolParams,
    takes: 'body',
    response: McpToolResponse,
    handler: async ({ em, principal, params, body }) => ({ tool: await activateMcpTool(em, principal, params.mcp_server_id, params.tool_name, body) }),
  }),
  route({
    method: 'post',
    path: '/v1/mcp/server/{mcp_server_id}/oauth/authorize',
    operationId: 'authorizeMcpServer',
    tag,
    summary: 'Start the OAuth sign-in to a server (sign-in method oauth): returns the address the operator opens to consent',
    description:
      'Discovery (RFC 9728, RFC 8414) and dynamic client registration (RFC 7591) happen now; the authorization uses ' +
      'PKCE and the resource parameter (RFC 8707). After consent the browser returns to ' +
      MCP_OAUTH_CALLBACK_PATH +
      ', which stores the tokens (encrypted).',
    answers: { 502: "The MCP server's authorization server answered with an error" },
    operation: startMcpOAuth,
    params: McpServerParams,
    response: StartMcpOAuthResponse,
    handler: ({ em, principal, params, deps, ctx }) =>
      startMcpOAuth(em, principal, params.mcp_server_id, engineSettingsFrom(deps.config), publicBaseUrl(deps.config, ctx)),
  }),
  route({
    method: 'post',
    path: '/v1/agent/mcp_server/assign',
    operationId: 'assignMcpServer',
    tag,
    summary: "Give an agent the tools of an MCP server (per the server's tool permissions, from its next call)",
    operation: assignMcpServer,
    takes: 'body',
    response: AssignMcpServerResponse,
    handler: ({ em, principal, body }) => assignMcpServer(em, principal, body),
  }),
  route({
    method: 'post',
    path: '/v1/agent/mcp_server/unassign',
    operationId: 'unassignMcpServer',
    tag,
    summary: "Take an MCP server's tools away from an agent (from its next call)",
    operation: unassignMcpServer,
    takes: 'body',
    response: UnassignMcpServerResponse,
    handler: ({ em, principal, body }) => unassignMcpServer(em, principal, body),
  }),
  deleteRoute,
];
