import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../errors.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { findPage } from '../paging.js';
import { Agent, AgentBranch, AgentVersion } from './agents.entity.js';
import { ListAgentsQuery, type AgentView } from './agents.schemas.js';
import { toAgentView } from './agent-views.js';

/**
 * Agents newest first, keyset-paginated by id (ids are time-ordered), each
 * with main's head. A sign-in acting in one project sees that project only.
 * Archived agents are left out unless asked for.
 */
export const listAgents = operation(
  { needs: 'agents:read', input: ListAgentsQuery },
  async (
    em: Em,
    principal: Principal,
    query: z.output<typeof ListAgentsQuery>,
  ): Promise<{ agents: AgentView[]; has_more: boolean; next_cursor: string | null }> => {
    if (principal.projectId && query.project_id !== undefined && query.project_id !== principal.projectId) {
      throw new DomainError('FORBIDDEN', `This sign-in acts in project ${principal.projectId} only`, {
        issues: [{ field: 'project_id', message: `must be ${principal.projectId}, or left out` }],
      });
    }
    const projectId = principal.projectId ?? query.project_id;
    const {
      items: page,
      has_more,
      next_cursor,
    } = await findPage(
      em,
      Agent,
      {
        organization: principal.organizationId,
        ...(projectId ? { project: projectId } : {}),
        ...(query.archived === 'include' ? {} : { archivedAt: query.archived === 'true' ? { $ne: null } : null }),
      },
      query,
      { list: 'agents', order: 'desc', filters: { project: projectId, archived: query.archived } },
    );
    const mains = await em.find(AgentBranch, { id: { $in: page.map((a) => a.mainBranchId) } });
    const heads = await em.find(AgentVersion, { id: { $in: mains.map((b) => b.headVersionId) } });
    const mainById = new Map(mains.map((b) => [b.id, b]));
    const headById = new Map(heads.map((v) => [v.id, v]));
    return {
      agents: page.map((a) => {
        const main = mainById.get(a.mainBranchId)!;
        return toAgentView(a, main, headById.get(main.headVersionId)!);
      }),
      has_more,
      next_cursor,
    };
  },
);
