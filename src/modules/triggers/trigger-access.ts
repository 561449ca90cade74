import type { Em } from '../../db/orm.js';
import { notFound } from '../errors.js';
import type { Principal } from '../org/permissions.js';
import { AgentTrigger, TriggerRun, WebhookEvent } from './triggers.entity.js';
import type { TriggerRunView, TriggerView } from './triggers.schemas.js';

/** A trigger of the principal's organization (and project, for a project-scoped sign-in); anything else is 404. */
export async function findTrigger(em: Em, principal: Principal, triggerId: string): Promise<AgentTrigger> {
  const trigger = await em.findOne(AgentTrigger, {
    id: triggerId,
    organization: principal.organizationId,
    ...(principal.projectId ? { project: principal.projectId } : {}),
  });
  if (!trigger) throw notFound('Agent trigger', triggerId);
  return trigger;
}

/** A run whose trigger the principal may see; anything else is 404. */
export async function findRun(em: Em, principal: Principal, runId: string): Promise<{ run: TriggerRun; trigger: AgentTrigger }> {
  const run = await em.findOne(TriggerRun, { id: runId, organization: principal.organizationId });
  const trigger =
    run &&
    (await em.findOne(AgentTrigger, {
      id: run.trigger,
      organization: principal.organizationId,
      ...(principal.projectId ? { project: principal.projectId } : {}),
    }));
  if (!run || !trigger) throw notFound('Trigger run', runId);
  return { run, trigger };
}

export function toTriggerView(trigger: AgentTrigger, defaultScheduleMs: readonly number[]): TriggerView {
  return {
    trigger_id: trigger.id,
    agent_id: trigger.agent,
    name: trigger.name ?? null,
    event_kinds: trigger.eventKinds,
    url: trigger.url,
    enabled: trigger.enabled,
    disabled_reason: trigger.disabledReason ?? null,
    retry_schedule_ms: [...(trigger.retryScheduleMs ?? defaultScheduleMs)],
    created_at: trigger.createdAt.toISOString(),
  };
}

export function toRunView(run: TriggerRun, trigger: AgentTrigger, event: Pick<WebhookEvent, 'type'>): TriggerRunView {
  return {
    run_id: run.id,
    trigger_id: run.trigger,
    event_id: run.event,
    event_type: event.type,
    origin: run.origin,
    url: run.url ?? trigger.url,
    status: run.status,
    attempts: run.attempts,
    next_attempt_at: run.nextAttemptAt?.toISOString() ?? null,
    finished_at: run.finishedAt?.toISOString() ?? null,
    created_at: run.createdAt.toISOString(),
  };
}

/** Views of runs with their events' types, in one query for the events. */
export async function toRunViews(em: Em, runs: TriggerRun[], trigger: AgentTrigger): Promise<TriggerRunView[]> {
  const events = await em.find(WebhookEvent, { id: { $in: [...new Set(runs.map((r) => r.event))] } }, { fields: ['id', 'type'] });
  const types = new Map(events.map((e) => [e.id, e]));
  return runs.map((run) => toRunView(run, trigger, types.get(run.event)!));
}
