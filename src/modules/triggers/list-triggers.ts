import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { findAgent } from '../agents/agent-access.js';
import { AgentTrigger } from './triggers.entity.js';
import { ListTriggersQuery, type TriggerView } from './triggers.schemas.js';
import { toTriggerView } from './trigger-access.js';
import type { TriggerSettings } from './trigger-settings.js';
import { findPage, type PageOf } from '../paging.js';

export const listTriggers = operation(
  { needs: 'agents:read', input: ListTriggersQuery },
  async (
    em: Em,
    principal: Principal,
    agentId: string | undefined,
    settings: TriggerSettings,
    query: z.output<typeof ListTriggersQuery>,
  ): Promise<PageOf<TriggerView>> => {
    if (agentId) await findAgent(em, principal, agentId, { archived: 'allow' });
    const page = await findPage(
      em,
      AgentTrigger,
      {
        organization: principal.organizationId,
        ...(principal.projectId ? { project: principal.projectId } : {}),
        ...(agentId ? { agent: agentId } : {}),
      },
      query,
      { list: 'triggers', order: 'asc', filters: { project: principal.projectId, agent_id: agentId } },
    );
    return { ...page, items: page.items.map((t) => toTriggerView(t, settings.retryScheduleMs)) };
  },
);
