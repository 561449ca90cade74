import type { Em } from '../../db/orm.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { withinDeadline } from '../../temporal/deadline.js';
import type { TemporalAccess } from '../temporal-access.js';
import { workflowIds } from '../../../workflows/workflow-ids.js';
import { progressQuery, type CampaignProgress } from '../../../workflows/outbound-campaign/messages.js';
import type { CampaignView } from './campaigns.schemas.js';
import { campaignView } from './campaign-views.js';
import { findCampaign } from './campaign-access.js';

export const getCampaign = operation(
  { needs: 'agents:read' },
  async (em: Em, principal: Principal, id: string, temporal?: TemporalAccess): Promise<CampaignView> => {
    const campaign = await findCampaign(em, principal, id);
    let progress: CampaignProgress | null = null;
    if (temporal && (campaign.status === 'running' || campaign.status === 'paused')) {
      // Live progress is a nicety: a slow or absent workflow leaves it null, the read state still answers.
      progress = await withinDeadline(temporal.client, 2000, () =>
        temporal.client.workflow.getHandle(workflowIds.campaign(campaign.id)).query(progressQuery),
      ).catch(() => null);
    }
    return campaignView(em, campaign, progress);
  },
);
