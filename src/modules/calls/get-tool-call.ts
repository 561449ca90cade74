import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { toInt, toIso, toJson } from '../../db/values.js';
import { notFound } from '../errors.js';
import type { z } from 'zod';
import type { ToolCallView } from './calls.schemas.js';

/** A tool call of a leg. Another organization's, or another project's when `projectId` is given, reads as not found. */
export async function getToolCall(em: Em, organizationId: string, ids: { session_id: string; leg_id: string; tool_call_id: string }, projectId?: string) {
  // tool_call has no project column: the project is the session's.
  const inProject = projectId === undefined ? '' : ' and exists (select 1 from call_session s where s.id = t.session_id and s.project_id = ?)';
  const params: unknown[] = [ids.tool_call_id, ids.session_id, ids.leg_id, organizationId];
  if (projectId !== undefined) params.push(projectId);
  const [row] = await sql(
    em,
    `select t.id, t.session_id, t.leg_id, t.name, t.request_text, t.response_text, t.status, t.duration_ms, t.started_at, t.confirmation
       from tool_call t where t.id = ? and t.session_id = ? and t.leg_id = ? and t.organization_id = ?${inProject}`,
    params,
  );
  if (!row) throw notFound('Tool call', ids.tool_call_id);
  return {
    tool_call_id: row.id as string,
    session_id: row.session_id as string,
    leg_id: row.leg_id as string,
    name: row.name as string,
    request_text: row.request_text as string,
    response_text: row.response_text as string,
    status: row.status as string,
    duration_ms: toInt(row.duration_ms),
    started_at: toIso(row.started_at),
    confirmation: row.confirmation == null ? null : toJson<z.output<typeof ToolCallView>['confirmation']>(row.confirmation),
  };
}
