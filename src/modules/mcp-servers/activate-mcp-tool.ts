import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { notFound } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { McpServerTool } from './mcp-servers.entity.js';
import { ActivateMcpToolBody, type McpToolView } from './mcp-servers.schemas.js';
import { toMcpToolView } from './mcp-server-views.js';
import { findMcpServer } from './mcp-server-access.js';

/**
 * Sets a tool's permission and/or whether it is active. Takes effect on the
 * next call of every assigned agent (the engine reads the rows per call);
 * later syncs keep what is set here.
 */
export const activateMcpTool = operation(
  { needs: 'tools:manage', input: ActivateMcpToolBody },
  async (em: Em, principal: Principal, serverId: string, toolName: string, body: z.output<typeof ActivateMcpToolBody>): Promise<McpToolView> => {
    const server = await findMcpServer(em, principal, serverId);
    const tool = await em.findOne(McpServerTool, { server: server.id, name: toolName });
    if (!tool) throw notFound('MCP tool', toolName);
    if (body.active !== undefined) tool.active = body.active;
    if (body.permission !== undefined) tool.permission = body.permission;
    recordAudit(em, principal, { action: 'mcp_server.tool.update', targetType: 'mcp_server', targetId: server.id, data: { tool: toolName, ...body } });
    await em.flush();
    return toMcpToolView(tool);
  },
);
