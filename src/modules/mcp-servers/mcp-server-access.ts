import type { Em } from '../../db/orm.js';
import { notFound } from '../errors.js';
import type { Principal } from '../org/permissions.js';
import { McpServer } from './mcp-servers.entity.js';

/** A server of the principal's organization; another organization's id reads as 404, like a missing one. */
export async function findMcpServer(em: Em, principal: Principal, id: string): Promise<McpServer> {
  const server = await em.findOne(McpServer, { id, organization: principal.organizationId });
  if (!server) throw notFound('MCP server', id);
  return server;
}
