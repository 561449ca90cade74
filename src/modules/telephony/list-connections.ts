import type { Em } from '../../db/orm.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { TelephonyConnection } from './telephony.entity.js';
import { type ConnectionView } from './telephony.schemas.js';
import { findPage, type Page, type PageOf } from '../paging.js';
import { toConnectionView } from './connection-views.js';

export async function listConnections(em: Em, principal: Principal, query: Page): Promise<PageOf<ConnectionView>> {
  requirePermission(principal, 'agents:read');
  const page = await findPage(em, TelephonyConnection, { organization: principal.organizationId }, query, { list: 'telephony_connections', order: 'asc' });
  return { ...page, items: page.items.map(toConnectionView) };
}
