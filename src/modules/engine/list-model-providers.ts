import type { Em } from '../../db/orm.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { ModelProvider } from './engine.entity.js';
import type { ModelProviderView } from './engine.schemas.js';
import { toModelProviderView } from './create-model-provider.js';
import { findPage, type Page, type PageOf } from '../paging.js';

/** The organization's model providers, oldest first; never their keys. */
export async function listModelProviders(em: Em, principal: Principal, query: Page): Promise<PageOf<ModelProviderView>> {
  requirePermission(principal, 'org:manage');
  const page = await findPage(em, ModelProvider, { organization: principal.organizationId }, query, { list: 'model_providers', order: 'asc' });
  return { ...page, items: page.items.map(toModelProviderView) };
}
