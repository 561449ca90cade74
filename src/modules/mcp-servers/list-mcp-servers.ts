import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { McpServer } from './mcp-servers.entity.js';
import type { McpServerView } from './mcp-servers.schemas.js';
import { toMcpServerView } from './mcp-server-views.js';
import { findPage, PageQuery, type PageOf } from '../paging.js';

/** The organization's MCP servers, oldest first (creation order), a page at a time. */
export const listMcpServers = operation(
  { needs: 'agents:read', input: PageQuery },
  async (em: Em, principal: Principal, query: z.output<typeof PageQuery>): Promise<PageOf<McpServerView>> => {
    const page = await findPage(em, McpServer, { organization: principal.organizationId }, query, { list: 'mcp_servers', order: 'asc' });
    return { ...page, items: page.items.map((s) => toMcpServerView(s)) };
  },
);
