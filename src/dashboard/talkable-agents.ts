import type { Em } from '../db/orm.js';
import { Agent } from '../modules/agents/agents.entity.js';
import { listUserWorkspaces } from '../modules/people/resolve-principal.js';
import { principalFor } from './principals.js';

/**
 * The agents the console's Talk page offers (issue 15): the published agents
 * the signed-in person may test (tests:run), across their organizations, so
 * the page needs no organization chosen first. Opening a call checks again
 * (openWebCall): this list only decides which buttons exist.
 */
export interface TalkableAgent {
  agentId: string;
  name: string;
  organizationName: string;
}

export async function talkableAgents(em: Em, userId: string): Promise<TalkableAgent[]> {
  const out: TalkableAgent[] = [];
  for (const w of await listUserWorkspaces(em, userId)) {
    const principal = await principalFor(em, userId, w.organizationId);
    if (!principal?.permissions.has('tests:run')) continue;
    const agents = await em.find(
      Agent,
      { organization: w.organizationId, liveVersionId: { $ne: null }, ...(principal.projectId ? { project: principal.projectId } : {}) },
      { orderBy: { name: 'asc' }, limit: 200 },
    );
    for (const a of agents) out.push({ agentId: a.id, name: a.name, organizationName: w.organizationName });
  }
  return out;
}
