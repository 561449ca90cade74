import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { recordAudit } from '../audit/record-audit.js';
import { actorOf, findAgent } from '../agents/agent-access.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { AssignMcpServerBody } from './mcp-servers.schemas.js';
import { findMcpServer } from './mcp-server-access.js';

/**
 * Gives an agent a server's tools: the assignment is recorded and the engine
 * collects the server's active, listed, non-blocked tools per call, with the
 * permission set on the server (docs/decisions/0018 says why not agent tool
 * entries). Assigning twice is a no-op.
 */
export const assignMcpServer = operation(
  { needs: 'tools:manage', input: AssignMcpServerBody },
  async (em: Em, principal: Principal, body: z.output<typeof AssignMcpServerBody>): Promise<{ agent_id: string; mcp_server_id: string; assigned: boolean }> => {
    const agent = await findAgent(em, principal, body.agent_id);
    const server = await findMcpServer(em, principal, body.mcp_server_id);
    const inserted: unknown[] = await em
      .getConnection()
      .execute(
        'insert into agent_mcp_server (id, organization_id, agent_id, server_id, created_by, created_at) values (?, ?, ?, ?, ?, now()) on conflict (agent_id, server_id) do nothing returning id',
        [newId('agentMcpServer'), principal.organizationId, agent.id, server.id, JSON.stringify(actorOf(principal))],
      );
    if (inserted.length) {
      recordAudit(em, principal, {
        action: 'agent.mcp_server.assign',
        targetType: 'agent',
        targetId: agent.id,
        projectId: agent.project,
        data: { mcp_server_id: server.id },
      });
      await em.flush();
    }
    return { agent_id: agent.id, mcp_server_id: server.id, assigned: inserted.length > 0 };
  },
);
