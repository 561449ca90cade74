import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { Campaign } from './campaigns.entity.js';
import type { CampaignView } from './campaigns.schemas.js';
import { findPage, PageQuery, type PageOf } from '../paging.js';
import { campaignView } from './campaign-views.js';

export const listCampaigns = operation(
  { needs: 'agents:read', input: PageQuery },
  async (em: Em, principal: Principal, query: z.output<typeof PageQuery>): Promise<PageOf<Omit<CampaignView, 'progress'>>> => {
    const page = await findPage(
      em,
      Campaign,
      { organization: principal.organizationId, ...(principal.projectId ? { project: principal.projectId } : {}) },
      query,
      { list: 'campaigns', order: 'desc', filters: { project: principal.projectId } },
    );
    const views = [];
    for (const campaign of page.items) {
      const { progress: _progress, ...view } = await campaignView(em, campaign, null);
      views.push(view);
    }
    return { ...page, items: views };
  },
);
