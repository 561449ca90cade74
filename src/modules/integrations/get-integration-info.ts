import { requirePermission, type Principal } from '../org/permissions.js';
import type { IntegrationInfo } from './integrations.schemas.js';
import { INTEGRATIONS } from './catalogue.js';
import { pageInMemory, type Page, type PageOf } from '../paging.js';

/** The catalogue: what can be connected, the fields each needs, the agent tools each gives. Readable by every role. */
/** The catalogue, in its order, a page at a time. */
export function getIntegrationInfo(principal: Principal, query: Page): PageOf<IntegrationInfo> {
  requirePermission(principal, 'org:read');
  const keyed = INTEGRATIONS.map((integration, i) => ({ key: String(i).padStart(4, '0'), integration }));
  const page = pageInMemory(keyed, (k) => k.key, query, { list: 'integrations' });
  return { ...page, items: page.items.map((k) => k.integration) };
}
