import type { Em } from '../../db/orm.js';
import { recordAudit } from '../audit/record-audit.js';
import { findAgent } from '../agents/agent-access.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { parseInput } from '../validation.js';
import { AssignMcpServerBody } from './mcp-servers.schemas.js';
import { findMcpServer } from './mcp-server-access.js';
import { AgentMcpServer } from './mcp-servers.entity.js';

/** Takes a server's tools away from an agent (from its next call). Unassigning what is not assigned is a no-op. */
export async function unassignMcpServer(
  em: Em,
  principal: Principal,
  input: unknown,
): Promise<{ agent_id: string; mcp_server_id: string; unassigned: boolean }> {
  requirePermission(principal, 'tools:manage');
  const body = parseInput(AssignMcpServerBody, input, 'body');
  const agent = await findAgent(em, principal, body.agent_id, { archived: 'allow' });
  const server = await findMcpServer(em, principal, body.mcp_server_id);
  const removed = await em.nativeDelete(AgentMcpServer, { agent: agent.id, server: server.id });
  if (removed) {
    recordAudit(em, principal, {
      action: 'agent.mcp_server.unassign',
      targetType: 'agent',
      targetId: agent.id,
      projectId: agent.project,
      data: { mcp_server_id: server.id },
    });
    await em.flush();
  }
  return { agent_id: agent.id, mcp_server_id: server.id, unassigned: removed > 0 };
}
