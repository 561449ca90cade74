import type { Em } from '../../db/orm.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { Destination } from './telephony.entity.js';
import type { DestinationView } from './telephony.schemas.js';
import { findPage, type Page, type PageOf } from '../paging.js';
import { toDestinationView } from './destination-views.js';

export async function listDestinations(em: Em, principal: Principal, filter: { agentId?: string }, query: Page): Promise<PageOf<DestinationView>> {
  requirePermission(principal, 'agents:read');
  const page = await findPage(em, Destination, { organization: principal.organizationId, ...(filter.agentId ? { agent: filter.agentId } : {}) }, query, {
    list: 'destinations',
    order: 'asc',
    filters: { agent_id: filter.agentId },
  });
  return { ...page, items: page.items.map(toDestinationView) };
}
