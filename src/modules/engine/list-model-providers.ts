import type { Em } from '../../db/orm.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { ModelProvider } from './engine.entity.js';
import type { ModelProviderView } from './engine.schemas.js';
import { toModelProviderView } from './create-model-provider.js';

/** The organization's model providers, oldest first; never their keys. */
export async function listModelProviders(em: Em, principal: Principal): Promise<ModelProviderView[]> {
  requirePermission(principal, 'org:manage');
  const providers = await em.find(ModelProvider, { organization: principal.organizationId }, { orderBy: { id: 'asc' } });
  return providers.map(toModelProviderView);
}
