import type { z } from 'zod';
import { sql, type Em } from '../../db/orm.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { resolveProjectId } from '../org/resolve-project.js';
import { RetrieveBody, type Passage } from './knowledge.schemas.js';

/**
 * The best passages of a project's knowledge for a query (retrieve_context):
 * full-text search over the chunks' generated tsvector (GIN index), with
 * `websearch_to_tsquery` so people's phrasing works. Its terms must all
 * match, which misses passages for questions worded differently ("how long
 * does cleaning take" against "cleaning takes forty minutes"), so a plain
 * query also matches passages with any of its terms, and passages with all
 * of them come first; a query using web-search operators ("phrase", -word,
 * or) is taken strictly. Ranked by cover density (ts_rank_cd, normalized by
 * length so long passages do not win by size), with a ts_headline snippet.
 * A query of stop words only matches nothing and returns an empty list.
 */
export const retrieveContext = operation(
  { needs: 'agents:read', input: RetrieveBody },
  async (em: Em, principal: Principal, body: z.output<typeof RetrieveBody>): Promise<Passage[]> => {
    const projectId = await resolveProjectId(em, principal, body.project_id);
    return searchPassages(em, { organizationId: principal.organizationId, projectId }, body.query, body.limit ?? 5);
  },
);

/** The search itself, for callers that already hold the tenant (the engine's search_knowledge tool). */
export async function searchPassages(em: Em, scope: { organizationId: string; projectId: string }, query: string, limit: number): Promise<Passage[]> {
  const strict = /(^|\s)-\S|"|\bor\b/i.test(query);
  const rows = await sql<{
    resource_id: string;
    resource_name: string;
    source_url: string | null;
    position: number;
    rank: number;
    snippet: string;
    content: string;
  }>(
    em,
    `with q as (select websearch_to_tsquery('english', ?) as all_terms),
          t as (select all_terms, case when ?::boolean or all_terms::text = '' then all_terms else replace(all_terms::text, ' & ', ' | ')::tsquery end as any_term from q)
     select c.resource_id, r.name as resource_name, r.source_url, c.position, ts_rank_cd(c.search, t.any_term, 1)::float8 as rank,
            ts_headline('english', c.content, t.any_term, 'MaxFragments=2, MinWords=8, MaxWords=30, FragmentDelimiter=" … "') as snippet, c.content
       from t, knowledge_chunk c
       join knowledge_resource r on r.id = c.resource_id
      where c.organization_id = ? and c.project_id = ? and c.search @@ t.any_term
      order by (c.search @@ t.all_terms) desc, rank desc, c.resource_id, c.position
      limit ?`,
    [query, strict, scope.organizationId, scope.projectId, Math.min(Math.max(limit, 1), 20)],
  );
  return rows.map((r) => ({ ...r, position: Number(r.position), rank: Number(r.rank) }));
}
