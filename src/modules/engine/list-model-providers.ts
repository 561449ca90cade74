import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { ModelProvider } from './engine.entity.js';
import type { ModelProviderView } from './engine.schemas.js';
import { toModelProviderView } from './create-model-provider.js';
import { findPage, PageQuery, type PageOf } from '../paging.js';

/** The organization's model providers, oldest first; never their keys. */
export const listModelProviders = operation(
  { needs: 'org:manage', input: PageQuery },
  async (em: Em, principal: Principal, query: z.output<typeof PageQuery>): Promise<PageOf<ModelProviderView>> => {
    const page = await findPage(em, ModelProvider, { organization: principal.organizationId }, query, { list: 'model_providers', order: 'asc' });
    return { ...page, items: page.items.map(toModelProviderView) };
  },
);
