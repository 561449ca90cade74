import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { toInt, toIso } from '../../db/values.js';
import { notFound } from '../errors.js';

export async function getToolCall(
  em: Em,
  organizationId: string,
  ids: { session_id: string; leg_id: string; tool_call_id: string },
) {
  const [row] = await sql(
    em,
    `select id, session_id, leg_id, name, request_text, response_text, status, duration_ms, started_at
       from tool_call where id = ? and session_id = ? and leg_id = ? and organization_id = ?`,
    [ids.tool_call_id, ids.session_id, ids.leg_id, organizationId],
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
  };
}
