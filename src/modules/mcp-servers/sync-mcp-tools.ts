import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { notFound } from '../errors.js';
import type { EngineSettings } from '../engine/engine-settings.js';
import { McpServer, McpServerTool } from './mcp-servers.entity.js';
import type { McpSyncResult } from './mcp-servers.schemas.js';
import { connectMcpServer, describeMcpError, MCP_REQUEST_TIMEOUT_MS } from './mcp-client.js';

/** Bounds on what one server may hand us: a server that pages forever or lists thousands of tools is cut off. */
const MAX_PAGES = 100;
const MAX_TOOLS = 2000;
const MAX_DESCRIPTION = 4000;

interface Listed {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/**
 * One sync of a server's tools (the activity of mcpToolSync): connect with
 * the stored headers through the guarded fetch, list every page of tools,
 * then in one transaction add new tools as `ask`, update the description and
 * schema of known ones (permission and `active` stay as the operator set
 * them), mark tools no longer listed as removed, and record the discovery
 * state. A server that cannot be reached, refuses the headers or answers
 * badly is a result (`ok: false`, `last_error` recorded), not an exception:
 * retrying a wrong header does not help. Only the database failing throws.
 */
export async function syncMcpTools(em: Em, serverId: string, settings: EngineSettings): Promise<McpSyncResult> {
  const server = await em.findOne(McpServer, { id: serverId });
  if (!server) throw notFound('MCP server', serverId);
  let listed: Listed[];
  try {
    listed = await listAllTools(em, server, settings);
  } catch (error) {
    const message = describeMcpError(error);
    await em.nativeUpdate(McpServer, { id: server.id }, { lastError: message, lastAttemptAt: new Date() });
    return { ok: false, tool_count: server.toolCount, added: [], removed: [], error: message };
  }
  return em.transactional(async (tx) => {
    const now = new Date();
    const existing = await tx.find(McpServerTool, { server: server.id });
    const byName = new Map(existing.map((t) => [t.name, t]));
    const added: string[] = [];
    for (const tool of listed) {
      const found = byName.get(tool.name);
      if (found) {
        tx.assign(found, { description: tool.description, inputSchema: tool.inputSchema, removedAt: null });
      } else {
        tx.create(McpServerTool, {
          id: newId('mcpServerTool'),
          server: server.id,
          name: tool.name,
          description: tool.description,
          inputSchema: tool.inputSchema,
          permission: 'ask',
          active: true,
          removedAt: null,
        });
        added.push(tool.name);
      }
    }
    const names = new Set(listed.map((t) => t.name));
    const removed = existing.filter((t) => !names.has(t.name) && !t.removedAt);
    for (const tool of removed) tool.removedAt = now;
    await tx.nativeUpdate(McpServer, { id: server.id }, { lastSyncedAt: now, lastAttemptAt: now, toolCount: listed.length, lastError: null });
    return { ok: true, tool_count: listed.length, added: added.sort(), removed: removed.map((t) => t.name).sort(), error: null };
  });
}

/** Connects and lists every page of tools (also used by bench/mcp-sync.bench.ts for the HTTP-only figure). */
export async function listAllTools(em: Em, server: McpServer, settings: EngineSettings): Promise<Listed[]> {
  const client = await connectMcpServer(server, settings, em);
  try {
    const tools = new Map<string, Listed>();
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await client.listTools(cursor ? { cursor } : undefined, { timeout: MCP_REQUEST_TIMEOUT_MS });
      for (const tool of result.tools) {
        // Names longer than the column are not callable by us anyway; skip rather than fail the whole sync.
        if (tool.name.length > 128 || tools.size >= MAX_TOOLS) continue;
        tools.set(tool.name, {
          name: tool.name,
          description: (tool.description ?? tool.title ?? '').slice(0, MAX_DESCRIPTION),
          inputSchema: tool.inputSchema as Record<string, unknown>,
        });
      }
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    return [...tools.values()];
  } finally {
    await client.close().catch(() => undefined);
  }
}
