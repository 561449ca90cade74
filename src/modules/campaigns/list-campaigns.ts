import type { Em } from '../../db/orm.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { Campaign } from './campaigns.entity.js';
import type { CampaignView } from './campaigns.schemas.js';
import { findPage, type Page, type PageOf } from '../paging.js';
import { campaignView } from './campaign-views.js';

export async function listCampaigns(em: Em, principal: Principal, query: Page): Promise<PageOf<Omit<CampaignView, 'progress'>>> {
  requirePermission(principal, 'agents:read');
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
}
