import type { z } from 'zod';
import { type Em } from '../../db/orm.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { findAgent } from '../agents/agent-access.js';
import { Release } from './releases.entity.js';
import type { ReleaseView } from './releases.schemas.js';
import { toReleaseView } from './release-views.js';
import { findPage, PageQuery, type PageOf } from '../paging.js';

/** The releases of an agent, newest first (at most 100: releases are rare and the list is for people). */
export const listReleases = operation(
  { needs: 'agents:read', input: PageQuery },
  async (em: Em, principal: Principal, agentId: string, query: z.output<typeof PageQuery>): Promise<PageOf<ReleaseView>> => {
    const agent = await findAgent(em, principal, agentId, { archived: 'allow' });
    const page = await findPage(em, Release, { agent: agent.id }, query, { list: 'releases', order: 'desc', filters: { agent_id: agent.id } });
    return { ...page, items: page.items.map((r) => toReleaseView(r, agent.name)) };
  },
);
