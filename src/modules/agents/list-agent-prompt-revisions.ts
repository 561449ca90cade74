import type { Em } from '../../db/orm.js';
import { encodeCursor, filterFingerprint } from '../cursor.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { decodeIdCursor, findAgent, findBranch } from './agent-access.js';
import { PromptRevision } from './agents.entity.js';
import type { ListPromptRevisionsQuery, RevisionView } from './agents.schemas.js';
import { toRevisionView } from './agent-views.js';

/**
 * Prompt revisions of an agent (of one branch when `branch_id` is given),
 * newest first, keyset-paginated by id: revision ids are time-ordered, and
 * the (agent, id) and (branch, id) indexes serve both filters.
 */
export async function listAgentPromptRevisions(
  em: Em,
  principal: Principal,
  agentId: string,
  query: ListPromptRevisionsQuery,
): Promise<{ revisions: RevisionView[]; has_more: boolean; next_cursor: string | null }> {
  requirePermission(principal, 'agents:read');
  const agent = await findAgent(em, principal, agentId, { archived: 'allow' });
  const branch = query.branch_id ? await findBranch(em, agent, query.branch_id) : undefined;
  const fingerprint = filterFingerprint({ agent: agent.id, branch: branch?.id });
  const after = query.cursor ? decodeIdCursor(query.cursor, fingerprint, 'promptRevision') : undefined;
  const rows = await em.find(
    PromptRevision,
    { agent: agent.id, ...(branch ? { branch: branch.id } : {}), ...(after ? { id: { $lt: after.id } } : {}) },
    { orderBy: { id: 'desc' }, limit: query.page_size + 1 },
  );
  const hasMore = rows.length > query.page_size;
  const page = hasMore ? rows.slice(0, query.page_size) : rows;
  const last = page.at(-1);
  return {
    revisions: page.map(toRevisionView),
    has_more: hasMore,
    next_cursor: hasMore && last ? encodeCursor({ t: last.createdAt.toISOString(), id: last.id }, fingerprint) : null,
  };
}
