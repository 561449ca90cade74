import type { Em } from '../../db/orm.js';
import { notFound } from '../errors.js';
import type { Principal } from '../org/permissions.js';
import { parseInput } from '../validation.js';
import { Campaign } from './campaigns.entity.js';
import { CampaignParams } from './campaigns.schemas.js';

export async function findCampaign(em: Em, principal: Principal, id: string): Promise<Campaign> {
  const { campaign_id } = parseInput(CampaignParams, { campaign_id: id }, '');
  const campaign = await em.findOne(Campaign, {
    id: campaign_id,
    organization: principal.organizationId,
    ...(principal.projectId ? { project: principal.projectId } : {}),
  });
  if (!campaign) throw notFound('Campaign', campaign_id);
  return campaign;
}
