import type { z } from 'zod';
import { type Em } from '../../db/orm.js';
import { Agent } from '../agents/agents.entity.js';
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

/** Releases of several organizations, newest first, with their agents' names: the dashboard's Releases page. */
export async function listReleasesOfOrganizations(em: Em, organizationIds: string[], limit = 50): Promise<ReleaseView[]> {
  if (!organizationIds.length) return [];
  const releases = await em.find(Release, { organization: { $in: organizationIds } }, { orderBy: { id: 'desc' }, limit });
  const agents = await em.find(Agent, { id: { $in: [...new Set(releases.map((r) => r.agent))] } }, { fields: ['id', 'name'] });
  const names = new Map(agents.map((a) => [a.id, a.name]));
  return releases.map((r) => toReleaseView(r, names.get(r.agent) ?? r.agent));
}
