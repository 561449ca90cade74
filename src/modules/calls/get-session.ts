import type { Em } from '../../db/orm.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { notFound } from '../errors.js';
import type { SessionView } from './calls.schemas.js';
import { SESSION_JSON } from './session-views.js';

const BY_ID = `select ${SESSION_JSON}::text as session from call_session s where s.id = $1 and s.organization_id = $2`;

/**
 * One session with every leg and transcript, as JSON text (a SessionView),
 * built by PostgreSQL in a single statement: the REST route sends it as the
 * body as it is. Another organization's session reads as not found; so does
 * another project's when `projectId` is given (a principal acting within one
 * project).
 */
export async function getSessionJson(em: Em, organizationId: string, sessionId: string, projectId?: string): Promise<string> {
  // A prepared statement: this one costs PostgreSQL more to plan than to run.
  const rows =
    projectId === undefined
      ? await preparedQuery<{ session: string }>(em, 'get_session_json', BY_ID, [sessionId, organizationId])
      : await preparedQuery<{ session: string }>(em, 'get_session_json_in_project', `${BY_ID} and s.project_id = $3`, [sessionId, organizationId, projectId]);
  if (rows.length === 0) throw notFound('Call session', sessionId);
  return rows[0].session;
}

/** The same session as an object, for callers that use it as one (the MCP get_call tool). */
export async function getSession(em: Em, organizationId: string, sessionId: string, projectId?: string): Promise<SessionView> {
  return JSON.parse(await getSessionJson(em, organizationId, sessionId, projectId)) as SessionView;
}
