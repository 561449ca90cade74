import type { Em } from '../../db/orm.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { McpServer } from './mcp-servers.entity.js';
import type { McpServerView } from './mcp-servers.schemas.js';
import { toMcpServerView } from './mcp-server-views.js';
import { findPage, type Page, type PageOf } from '../paging.js';

/** The organization's MCP servers, oldest first (creation order), a page at a time. */
export async function listMcpServers(em: Em, principal: Principal, query: Page): Promise<PageOf<McpServerView>> {
  requirePermission(principal, 'agents:read');
  const page = await findPage(em, McpServer, { organization: principal.organizationId }, query, { list: 'mcp_servers', order: 'asc' });
  return { ...page, items: page.items.map((s) => toMcpServerView(s)) };
}
