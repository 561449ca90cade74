import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { TriggerRun } from './triggers.entity.js';
import { ListRunsQuery, type TriggerRunView } from './triggers.schemas.js';
import { findTrigger, toRunViews } from './trigger-access.js';
import { findPage, type PageOf } from '../paging.js';

/** A trigger's runs, newest first, keyset-paged by id (ids are time-ordered). */
export const listTriggerRuns = operation(
  { needs: 'agents:read', input: ListRunsQuery },
  async (em: Em, principal: Principal, triggerId: string, query: z.output<typeof ListRunsQuery>): Promise<PageOf<TriggerRunView>> => {
    const trigger = await findTrigger(em, principal, triggerId);
    const page = await findPage(em, TriggerRun, { trigger: trigger.id }, query, { list: 'trigger_runs', order: 'desc', filters: { trigger_id: trigger.id } });
    return { ...page, items: await toRunViews(em, page.items, trigger) };
  },
);
