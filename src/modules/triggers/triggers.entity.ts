import { defineEntity, p } from '@mikro-orm/core';
import { Organization, Project } from '../org/org.entity.js';
import { Agent, type Actor } from '../agents/agents.entity.js';
import type { DeliveryAttempt, EventKind, TriggerRunStatus } from './triggers.schemas.js';

/**
 * An agent trigger: a webhook subscription of one agent to some event kinds
 * (decision 0014). The signing secret is stored encrypted (secret-box,
 * bound to the organization) and shown once, when the trigger is created.
 * `retryScheduleMs` null means the platform's schedule (config).
 */
const AgentTriggerSchema = defineEntity({
  name: 'AgentTrigger',
  tableName: 'agent_trigger',
  indexes: [{ name: 'agent_trigger_agent_idx', properties: ['agent', 'enabled'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    project: () => p.manyToOne(Project).mapToPk().deleteRule('cascade'),
    agent: () => p.manyToOne(Agent).mapToPk().deleteRule('cascade'),
    name: p.string().length(200).nullable(),
    eventKinds: p.json<EventKind[]>(),
    url: p.string().length(2048),
    secretEncrypted: p.text(),
    enabled: p.boolean().default(true),
    /** Why it was disabled: `receiver_gone` (a 410) or `operator`. */
    disabledReason: p.string().length(40).nullable(),
    retryScheduleMs: p.json<number[]>().nullable(),
    createdBy: p.json<Actor>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class AgentTrigger extends AgentTriggerSchema.class {}
AgentTriggerSchema.setClass(AgentTrigger);

/**
 * A domain event as delivered (the envelope's `data`). Written in the same
 * transaction as what it reports (emitEvent), so an event exists exactly
 * when its session does. Ids are time-ordered: a time range is an id range.
 */
const WebhookEventSchema = defineEntity({
  name: 'WebhookEvent',
  tableName: 'webhook_event',
  indexes: [{ name: 'webhook_event_agent_idx', properties: ['agent', 'createdAt'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    agent: () => p.manyToOne(Agent).mapToPk().deleteRule('cascade'),
    type: p.string().length(40).$type<EventKind>(),
    data: p.json<Record<string, unknown>>(),
    createdAt: p.datetime(),
  },
});
export class WebhookEvent extends WebhookEventSchema.class {}
WebhookEventSchema.setClass(WebhookEvent);

/**
 * One delivery of one event to one trigger, run by the triggerRun workflow
 * (`trigger-run/<id>`). `deliveryKey` is unique: `<trigger>:<event>` for the
 * run an event makes (so emitting twice never delivers twice), the run's
 * own id for re-sends and replays (new deliveries of the same event).
 * `url` overrides the trigger's URL (a replay to another address).
 * The first attempt is made by a worker's webhook dispatcher straight from
 * this row (webhook-dispatcher.ts); `workflowStartedAt` is set when the run
 * needed a triggerRun workflow (a retry, or a claim that lapsed).
 */
const TriggerRunSchema = defineEntity({
  name: 'TriggerRun',
  tableName: 'trigger_run',
  indexes: [
    { name: 'trigger_run_trigger_idx', properties: ['trigger', 'id'] },
    // What the webhook dispatcher claims from (webhook-dispatcher.ts): runs delivered at once never leave a row here.
    {
      name: 'trigger_run_undispatched_idx',
      expression: `create index "trigger_run_undispatched_idx" on "trigger_run" ("id") where "workflow_started_at" is null and "status" in ('pending', 'delivering')`,
    },
  ],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    trigger: () => p.manyToOne(AgentTrigger).mapToPk().deleteRule('cascade'),
    event: () => p.manyToOne(WebhookEvent).mapToPk().deleteRule('cascade'),
    deliveryKey: p.string().length(100).unique(),
    origin: p.string().length(10).$type<'event' | 'resend' | 'replay'>(),
    url: p.string().length(2048).nullable(),
    status: p.string().length(12).$type<TriggerRunStatus>().default('pending'),
    attempts: p.json<DeliveryAttempt[]>(),
    nextAttemptAt: p.datetime().nullable(),
    workflowStartedAt: p.datetime().nullable(),
    /** Until when a worker's dispatcher holds the run for its first attempt; past it, the run goes to a workflow. */
    claimedUntil: p.datetime().nullable(),
    finishedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class TriggerRun extends TriggerRunSchema.class {}
TriggerRunSchema.setClass(TriggerRun);

export const triggersEntities = [AgentTrigger, WebhookEvent, TriggerRun];
