import type { Em } from '../../db/orm.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { McpServerTool } from './mcp-servers.entity.js';
import type { McpServerView } from './mcp-servers.schemas.js';
import { toMcpServerView } from './mcp-server-views.js';
import { findMcpServer } from './mcp-server-access.js';

/** One server with its discovery state and every tool synced (removed ones too, marked), by name. */
export async function getMcpServer(em: Em, principal: Principal, id: string): Promise<McpServerView> {
  requirePermission(principal, 'agents:read');
  const server = await findMcpServer(em, principal, id);
  const tools = await em.find(McpServerTool, { server: server.id }, { orderBy: { name: 'asc' } });
  return toMcpServerView(server, tools);
}
