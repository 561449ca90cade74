import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { pageFields } from '../paging.js';

extendZodWithOpenApi(z);

/** External MCP servers (spec 2.7): one schema per payload, shared by REST, MCP and the OpenAPI document. */

const Id = (what: string) =>
  z
    .string()
    .min(1)
    .max(60)
    .regex(/^[A-Za-z0-9_-]+$/, 'an id such as mcp_01J...')
    .describe(what);
const HeaderName = z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/, 'a header name');
const Permission = z.enum(['allow', 'ask', 'block']);

export const CreateMcpServerBody = z
  .object({
    name: z.string().trim().min(1).max(100).describe('A name for the server, shown to operators.'),
    address: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .describe("The server's Streamable HTTP endpoint (public addresses only), e.g. https://mcp.example.com/mcp."),
    sign_in_method: z
      .enum(['headers', 'oauth'])
      .default('headers')
      .describe(
        "headers: the operator's own headers (below) are sent on every request; oauth: the platform signs in as an OAuth client (start it with the oauth/authorize route, then open the address it returns).",
      ),
    headers: z
      .record(
        HeaderName,
        z
          .string()
          .max(4000)
          .regex(/^[^\r\n]*$/, 'must not contain line breaks'),
      )
      .optional()
      .describe('Headers sent to the server (Authorization, X-Api-Key, ...). Stored encrypted, never returned.'),
  })
  .strict()
  .openapi('CreateMcpServerBody');
export type CreateMcpServerBody = z.input<typeof CreateMcpServerBody>;

export const McpServerParams = z.object({ mcp_server_id: Id('The MCP server id (mcp_...).') }).strict();
export const McpServerIdParams = z.object({ id: Id('The MCP server id (mcp_...).') }).strict();
export const McpToolParams = z
  .object({
    mcp_server_id: Id('The MCP server id (mcp_...).'),
    tool_name: z.string().min(1).max(128).describe("The tool's name, as the server lists it."),
  })
  .strict();

/** How long a sync request waits at most for the result (a server that lists slowly may take longer; then ask again). */
export const SYNC_WAIT_DEFAULT_SECONDS = 30;
export const SYNC_WAIT_MAX_SECONDS = 60;
export const SyncWaitSeconds = z
  .number()
  .int()
  .min(1)
  .max(SYNC_WAIT_MAX_SECONDS)
  .describe(
    `With wait: give up waiting after this many seconds, 1 to ${SYNC_WAIT_MAX_SECONDS} (default ${SYNC_WAIT_DEFAULT_SECONDS}); the sync goes on, and the answer says it is still running.`,
  );

export const SyncMcpToolsBody = z
  .object({
    wait: z.boolean().optional().describe('Wait for the sync to finish and return its result and the synced tools (default: return once it started).'),
    wait_seconds: SyncWaitSeconds.optional(),
  })
  .strict()
  .openapi('SyncMcpToolsBody');
export type SyncMcpToolsBody = z.output<typeof SyncMcpToolsBody>;

/** The same two settings as query parameters (`?wait=true`), for clients that send no body. */
export const SyncMcpToolsQuery = z
  .object({
    wait: z.enum(['true', 'false']).optional().describe("true: wait for the result (as the body's wait)."),
    wait_seconds: z
      .string()
      .regex(/^([1-9]|[1-5][0-9]|60)$/, `whole seconds, 1 to ${SYNC_WAIT_MAX_SECONDS}`)
      .optional()
      .describe("As the body's wait_seconds."),
  })
  .strict();
export type SyncMcpToolsQuery = z.output<typeof SyncMcpToolsQuery>;

export const ActivateMcpToolBody = z
  .object({
    active: z.boolean().optional().describe('false: no agent is offered the tool, whatever its permission.'),
    permission: Permission.optional().describe('allow: runs when the agent needs it; ask: the caller confirms first; block: never reaches the model.'),
  })
  .strict()
  .refine((v) => v.active !== undefined || v.permission !== undefined, { message: 'give active or permission' })
  .openapi('ActivateMcpToolBody');

export const AssignMcpServerBody = z
  .object({
    agent_id: Id("The agent that gets the server's tools."),
    mcp_server_id: Id('The MCP server (mcp_...).'),
  })
  .strict()
  .openapi('AssignMcpServerBody');

export const McpToolView = z
  .object({
    name: z.string(),
    description: z.string(),
    input_schema: z.record(z.string(), z.unknown()),
    permission: Permission,
    active: z.boolean(),
    removed_at: z.string().nullable().describe('When a sync found the server no longer lists it; null while listed.'),
  })
  .openapi('McpServerTool');
export type McpToolView = z.infer<typeof McpToolView>;

export const McpServerView = z
  .object({
    id: z.string(),
    name: z.string(),
    address: z.string(),
    sign_in_method: z.enum(['headers', 'oauth']),
    header_names: z.array(z.string()).describe('Which headers are stored (their values never leave the platform).'),
    discovery: z.object({
      last_synced_at: z.string().nullable(),
      last_attempt_at: z.string().nullable(),
      tool_count: z.number().int(),
      last_error: z.string().nullable(),
    }),
    created_at: z.string(),
    tools: z.array(McpToolView).optional().describe('Every tool synced, removed ones included (retrieve only).'),
  })
  .openapi('McpServer');
export type McpServerView = z.infer<typeof McpServerView>;

export const McpServerResponse = z.object({ mcp_server: McpServerView });
export const McpServerListResponse = z.object({ mcp_servers: z.array(McpServerView), ...pageFields });
export const McpToolResponse = z.object({ tool: McpToolView });

export const McpSyncResult = z.object({
  ok: z.boolean(),
  tool_count: z.number().int(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  error: z.string().nullable(),
});
export type McpSyncResult = z.infer<typeof McpSyncResult>;

export const SyncMcpToolsResponse = z.object({
  workflow_id: z.string(),
  run_id: z.string(),
  status: z
    .enum(['running', 'finished'])
    .describe('finished: result (and tools) hold the outcome; running: the sync goes on (not waited for, or the wait ran out).'),
  timed_out: z
    .boolean()
    .describe(
      'true when wait was asked and wait_seconds passed before the sync finished: call again with wait to join the same run, or retrieve the server later.',
    ),
  result: McpSyncResult.nullable().describe("With wait, once finished: the sync's result; else null."),
  tools: z
    .array(McpToolView)
    .nullable()
    .describe("With wait, once finished: the server's tools as the sync left them (removed ones marked), with their permissions; else null."),
});

export const UnassignMcpServerResponse = z.object({
  agent_id: z.string(),
  mcp_server_id: z.string(),
  unassigned: z.boolean().describe('false when the agent did not have the server.'),
});

export const AssignMcpServerResponse = z.object({
  agent_id: z.string(),
  mcp_server_id: z.string(),
  assigned: z.boolean().describe('false when the agent already had the server.'),
});

export const StartMcpOAuthResponse = z.object({
  authorization_url: z.string().nullable().describe('Open this address to sign in and consent; null when the stored tokens are still good.'),
});
