import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { AppDeps } from '../deps.js';
import type { Principal } from '../modules/org/permissions.js';
import { serveTools } from './tool.js';
import { platformTools } from './tools/index.js';

/** The version of the tool interface, as info.version is the REST API's (http/openapi.ts). */
export const MCP_SERVER_INFO = { name: 'voice-agent-platform', title: 'Voice-Agent Platform', version: '1.0.0' };

function instructions(principal: Principal): string {
  const scope = principal.projectId
    ? `organization ${principal.organizationId}, project ${principal.projectId} (call, analytics and billing tools see this project's data only)`
    : `organization ${principal.organizationId}, all of its projects`;
  return [
    'This is a voice-agent platform: AI voice agents answer and place phone calls for an organization, grouped in projects.',
    'Every conversation is stored as a call session with its legs, transcript, tool calls, collected variables, recording and cost.',
    `You act for ${principal.name ?? principal.id} in ${scope}, under that person's current roles:`,
    'a tool their role does not allow returns an error naming the missing permission.',
    'Money is in integer micros (millionths of the currency unit). Send times as YYYY-MM-DD HH:MM:SS (UTC) or ISO 8601 with a zone.',
    'Start with list_calls or the analytics tools, then look into one call with get_call and the ids it returns.',
  ].join(' ');
}

/**
 * The MCP server for one principal, without a transport: the HTTP endpoint
 * builds one per request (stateless Streamable HTTP) and connects it to its
 * transport; tests connect it to an in-memory one. Every tool call runs as
 * `principal`, whose permissions the endpoint has just resolved.
 */
/**
 * One validator for every server: the SDK would otherwise build a new Ajv
 * instance (with all its keywords and formats) per server, that is per
 * stateless request, which the profile showed as a fifth of the CPU of a call.
 */
const sharedValidator = new AjvJsonSchemaValidator();

export function buildMcpServer(principal: Principal, deps: AppDeps, options: { baseUrl: string }): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, {
    // Logging: the SDK answers logging/setLevel once it is declared. Tools are declared by serveTools.
    capabilities: { logging: {} },
    instructions: instructions(principal),
    jsonSchemaValidator: sharedValidator,
  });
  serveTools(server, platformTools, () => ({ principal, em: deps.orm.em.fork(), deps, baseUrl: options.baseUrl }));
  return server;
}
