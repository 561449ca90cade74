import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { notFound } from '../errors.js';
import type { SessionView } from './calls.schemas.js';
import { assembleSessions, SESSION_COLUMNS, type SessionRow } from './session-views.js';

/** One session with every leg and transcript. Another organization's session reads as not found. */
export async function getSession(em: Em, organizationId: string, sessionId: string): Promise<SessionView> {
  const rows = await sql<SessionRow>(
    em,
    `select ${SESSION_COLUMNS} from call_session s where s.id = ? and s.organization_id = ?`,
    [sessionId, organizationId],
  );
  if (rows.length === 0) throw notFound('Call session', sessionId);
  const [view] = await assembleSessions(em, rows);
  return view;
}
