import type { Em } from '../../../db/orm.js';
import type { Principal } from '../../org/permissions.js';
import { operation } from '../../operation.js';
import { Destination } from '../telephony.entity.js';
import type { DestinationView } from '../telephony.schemas.js';
import { findPage, type Page, type PageOf } from '../../paging.js';
import { toDestinationView } from './destination-views.js';

export const listDestinations = operation(
  { needs: 'agents:read' },
  async (em: Em, principal: Principal, filter: { agentId?: string }, query: Page): Promise<PageOf<DestinationView>> => {
    const page = await findPage(em, Destination, { organization: principal.organizationId, ...(filter.agentId ? { agent: filter.agentId } : {}) }, query, {
      list: 'destinations',
      order: 'asc',
      filters: { agent_id: filter.agentId },
    });
    return { ...page, items: page.items.map(toDestinationView) };
  },
);
