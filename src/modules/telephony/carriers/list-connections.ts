import type { z } from 'zod';
import type { Em } from '../../../db/orm.js';
import type { Principal } from '../../org/permissions.js';
import { operation } from '../../operation.js';
import { TelephonyConnection } from '../telephony.entity.js';
import { type ConnectionView } from '../telephony.schemas.js';
import { findPage, PageQuery, type PageOf } from '../../paging.js';
import { toConnectionView } from './connection-views.js';

export const listConnections = operation(
  { needs: 'agents:read', input: PageQuery },
  async (em: Em, principal: Principal, query: z.output<typeof PageQuery>): Promise<PageOf<ConnectionView>> => {
    const page = await findPage(em, TelephonyConnection, { organization: principal.organizationId }, query, { list: 'telephony_connections', order: 'asc' });
    return { ...page, items: page.items.map(toConnectionView) };
  },
);
