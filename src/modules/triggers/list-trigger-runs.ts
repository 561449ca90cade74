import type { Em } from '../../db/orm.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { TriggerRun } from './triggers.entity.js';
import type { TriggerRunView } from './triggers.schemas.js';
import { findTrigger, toRunViews } from './trigger-access.js';
import { findPage, type Page, type PageOf } from '../paging.js';

/** A trigger's runs, newest first, keyset-paged by id (ids are time-ordered). */
export async function listTriggerRuns(em: Em, principal: Principal, triggerId: string, query: Page): Promise<PageOf<TriggerRunView>> {
  requirePermission(principal, 'agents:read');
  const trigger = await findTrigger(em, principal, triggerId);
  const page = await findPage(em, TriggerRun, { trigger: trigger.id }, query, { list: 'trigger_runs', order: 'desc', filters: { trigger_id: trigger.id } });
  return { ...page, items: await toRunViews(em, page.items, trigger) };
}
