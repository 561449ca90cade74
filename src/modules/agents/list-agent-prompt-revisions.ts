import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { findPage } from '../paging.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { findAgent, findBranch } from './agent-access.js';
import { PromptRevision } from './agents.entity.js';
import { ListPromptRevisionsQuery, type RevisionView } from './agents.schemas.js';
import { toRevisionView } from './agent-views.js';

/**
 * Prompt revisions of an agent (of one branch when `branch_id` is given),
 * newest first, keyset-paginated by id: revision ids are time-ordered, and
 * the (agent, id) and (branch, id) indexes serve both filters.
 */
export const listAgentPromptRevisions = operation(
  { needs: 'agents:read', input: ListPromptRevisionsQuery },
  async (
    em: Em,
    principal: Principal,
    agentId: string,
    query: z.output<typeof ListPromptRevisionsQuery>,
  ): Promise<{ revisions: RevisionView[]; has_more: boolean; next_cursor: string | null }> => {
    const agent = await findAgent(em, principal, agentId, { archived: 'allow' });
    const branch = query.branch_id ? await findBranch(em, agent, query.branch_id) : undefined;
    const page = await findPage(em, PromptRevision, { agent: agent.id, ...(branch ? { branch: branch.id } : {}) }, query, {
      list: 'prompt_revisions',
      order: 'desc',
      filters: { agent: agent.id, branch: branch?.id },
    });
    return { revisions: page.items.map(toRevisionView), has_more: page.has_more, next_cursor: page.next_cursor };
  },
);
