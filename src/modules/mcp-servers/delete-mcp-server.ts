import type { Em } from '../../db/orm.js';
import { DomainError } from '../errors.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { recordAudit } from '../audit/record-audit.js';
import { Agent } from '../agents/agents.entity.js';
import { findMcpServer } from './mcp-server-access.js';
import { AgentMcpServer, McpServer } from './mcp-servers.entity.js';

/**
 * Deletes an external MCP server with its synced tools. A server assigned to
 * an agent is in use: refused with 409 naming the agents, so no agent loses
 * tools it calls without anyone deciding it (unassign first).
 */
export const deleteMcpServer = operation(
  { needs: 'tools:manage' },
  async (em: Em, principal: Principal, id: string): Promise<{ mcp_server_id: string; deleted: true }> => {
    const server = await findMcpServer(em, principal, id);
    const assigned = await em.find(AgentMcpServer, { server: server.id }, { orderBy: { id: 'asc' } });
    if (assigned.length) {
      const agents = await em.find(Agent, { id: assigned.map((a) => a.agent) }, { fields: ['id', 'name'], orderBy: { id: 'asc' } });
      throw new DomainError(
        'CONFLICT',
        `MCP server ${server.id} is assigned to ${agents.map((a) => `${a.name} (${a.id})`).join(', ')}: unassign it first (POST /v1/agent/mcp_server/unassign)`,
        {
          mcp_server_id: server.id,
          in_use_by: agents.map((a) => ({ agent_id: a.id, name: a.name })),
        },
      );
    }
    await em.nativeDelete(McpServer, { id: server.id });
    recordAudit(em, principal, { action: 'mcp_server.delete', targetType: 'mcp_server', targetId: server.id, data: { name: server.name } });
    await em.flush();
    return { mcp_server_id: server.id, deleted: true };
  },
);
