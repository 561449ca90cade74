import type { Em } from '../../db/orm.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { McpServer, McpServerTool } from './mcp-servers.entity.js';
import type { McpServerView } from './mcp-servers.schemas.js';
import { toMcpServerView } from './mcp-server-views.js';
import { findMcpServer } from './mcp-server-access.js';
import { findPage, type Page, type PageOf } from '../paging.js';

/** The organization's MCP servers, oldest first (creation order), a page at a time. */
export async function listMcpServers(em: Em, principal: Principal, query: Page): Promise<PageOf<McpServerView>> {
  requirePermission(principal, 'agents:read');
  const page = await findPage(em, McpServer, { organization: principal.organizationId }, query, { list: 'mcp_servers', order: 'asc' });
  return { ...page, items: page.items.map((s) => toMcpServerView(s)) };
}

/** One server with its discovery state and every tool synced (removed ones too, marked), by name. */
export async function getMcpServer(em: Em, principal: Principal, id: string): Promise<McpServerView> {
  requirePermission(principal, 'agents:read');
  const server = await findMcpServer(em, principal, id);
  const tools = await em.find(McpServerTool, { server: server.id }, { orderBy: { name: 'asc' } });
  return toMcpServerView(server, tools);
}
