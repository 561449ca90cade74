import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { toInt, toJson } from '../../db/values.js';
import { notFound } from '../errors.js';
import type { PriceList } from '../org/org.entity.js';
import type { CostLine } from './calls.entity.js';

/**
 * Per leg and per component, in micros; the components and legs both add up
 * to the session total. Another project's session reads as not found when
 * `projectId` is given.
 */
export async function getCostBreakdown(em: Em, organizationId: string, sessionId: string, projectId?: string) {
  const [session] = await sql(
    em,
    `select s.id, s.total_cost_micros, o.price_list from call_session s join organization o on o.id = s.organization_id
      where s.id = ? and s.organization_id = ?${projectId === undefined ? '' : ' and s.project_id = ?'}`,
    projectId === undefined ? [sessionId, organizationId] : [sessionId, organizationId, projectId],
  );
  if (!session) throw notFound('Call session', sessionId);
  const legs = await sql(em, 'select id, kind, duration_seconds, cost_micros, cost_lines from call_leg where session_id = ? order by seq', [sessionId]);
  const components = new Map<string, number>();
  const legViews = legs.map((leg) => {
    const lines = toJson<CostLine[]>(leg.cost_lines);
    for (const line of lines) components.set(line.component, (components.get(line.component) ?? 0) + line.amount_micros);
    return {
      leg_id: leg.id as string,
      kind: leg.kind as string,
      duration_seconds: toInt(leg.duration_seconds),
      cost_micros: toInt(leg.cost_micros),
      lines,
    };
  });
  return {
    session_id: sessionId,
    currency: toJson<PriceList>(session.price_list).currency,
    total_cost_micros: toInt(session.total_cost_micros),
    components: [...components].map(([component, amount_micros]) => ({ component, amount_micros })),
    legs: legViews,
  };
}
