import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { recordAudit } from '../audit/record-audit.js';
import { findAgent } from '../agents/agent-access.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { AssignMcpServerBody } from './mcp-servers.schemas.js';
import { findMcpServer } from './mcp-server-access.js';
import { AgentMcpServer } from './mcp-servers.entity.js';

/** Takes a server's tools away from an agent (from its next call). Unassigning what is not assigned is a no-op. */
export const unassignMcpServer = operation(
  { needs: 'tools:manage', input: AssignMcpServerBody },
  async (
    em: Em,
    principal: Principal,
    body: z.output<typeof AssignMcpServerBody>,
  ): Promise<{ agent_id: string; mcp_server_id: string; unassigned: boolean }> => {
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
  },
);
