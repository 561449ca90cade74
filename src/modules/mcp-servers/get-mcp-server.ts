import type { Em } from '../../db/orm.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { McpServerTool } from './mcp-servers.entity.js';
import type { McpServerView } from './mcp-servers.schemas.js';
import { toMcpServerView } from './mcp-server-views.js';
import { findMcpServer } from './mcp-server-access.js';

/** One server with its discovery state and every tool synced (removed ones too, marked), by name. */
export const getMcpServer = operation({ needs: 'agents:read' }, async (em: Em, principal: Principal, id: string): Promise<McpServerView> => {
  const server = await findMcpServer(em, principal, id);
  const tools = await em.find(McpServerTool, { server: server.id }, { orderBy: { name: 'asc' } });
  return toMcpServerView(server, tools);
});
