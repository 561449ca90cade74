import { defineEntity, p } from '@mikro-orm/core';
import { Organization } from '../org/org.entity.js';
import { Agent, type Actor } from '../agents/agents.entity.js';
import type { ToolPermission } from '../engine/tools.js';

/**
 * An external MCP server the organization connected (spec 2.7). `address` is
 * its Streamable HTTP endpoint, checked against the outbound policy when saved
 * and again on every connection. Sign-in `headers`: the operator's headers as
 * encrypted JSON (secret-box, bound to the organization id), never returned;
 * `headerNames` says which are set. Sign-in `oauth`: the platform is an
 * OAuth client of the server (discovery, dynamic registration, PKCE,
 * `resource`), its state kept in `oauthEncrypted`. Discovery state: when the tools were last
 * synced, how many, and the last sync's error (null after a success).
 */
const McpServerSchema = defineEntity({
  name: 'McpServer',
  tableName: 'mcp_server',
  indexes: [{ name: 'mcp_server_organization_idx', properties: ['organization', 'id'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    name: p.string().length(100),
    address: p.text(),
    signInMethod: p.string().length(10).$type<'headers' | 'oauth'>(),
    headersEncrypted: p.text().nullable(),
    headerNames: p.json<string[]>(),
    /** OAuth sign-in: the registered client, the PKCE verifier and the tokens, as encrypted JSON (mcp-oauth.ts). */
    oauthEncrypted: p.text().nullable(),
    /** The `state` of the authorization in progress: the callback finds the server by it. */
    oauthState: p.string().length(64).nullable().unique(),
    lastSyncedAt: p.datetime().nullable(),
    lastAttemptAt: p.datetime().nullable(),
    toolCount: p.integer().default(0),
    lastError: p.text().nullable(),
    createdBy: p.json<Actor>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class McpServer extends McpServerSchema.class {}
McpServerSchema.setClass(McpServer);

/**
 * One tool (action) the server listed. A new tool starts as `ask`; a re-sync
 * keeps the permission and `active` the operator set, updates description and
 * schema, and marks a tool the server no longer lists with `removedAt` (it
 * comes back, permission intact, if the server lists it again).
 */
const McpServerToolSchema = defineEntity({
  name: 'McpServerTool',
  tableName: 'mcp_server_tool',
  uniques: [{ name: 'mcp_server_tool_server_name_unique', properties: ['server', 'name'] }],
  properties: {
    id: p.string().primary().length(40),
    server: () => p.manyToOne(McpServer).mapToPk().deleteRule('cascade'),
    name: p.string().length(128),
    description: p.text(),
    inputSchema: p.json<Record<string, unknown>>(),
    permission: p.string().length(5).$type<ToolPermission>().default('ask'),
    active: p.boolean().default(true),
    removedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class McpServerTool extends McpServerToolSchema.class {}
McpServerToolSchema.setClass(McpServerTool);

/** An agent uses a server's tools (every version of the agent, at once: docs/decisions/0018). */
const AgentMcpServerSchema = defineEntity({
  name: 'AgentMcpServer',
  tableName: 'agent_mcp_server',
  uniques: [{ name: 'agent_mcp_server_unique', properties: ['agent', 'server'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    agent: () => p.manyToOne(Agent).mapToPk().deleteRule('cascade'),
    server: () => p.manyToOne(McpServer).mapToPk().deleteRule('cascade'),
    createdBy: p.json<Actor>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class AgentMcpServer extends AgentMcpServerSchema.class {}
AgentMcpServerSchema.setClass(AgentMcpServer);

export const mcpServersEntities = [McpServer, McpServerTool, AgentMcpServer];
