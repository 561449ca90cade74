import { defineEntity, p } from '@mikro-orm/core';
import { Organization, Project } from '../org/org.entity.js';
import { Agent, type Actor, type TrafficSplitEntry } from '../agents/agents.entity.js';
import type { GuardThresholds, ReleaseStatus, RolloutPlan, StepStatus } from './releases.schemas.js';

/** One step of a release as the read state shows it; the workflow's activities write it. */
export interface ReleaseStep {
  name: string;
  status: StepStatus;
  started_at: string | null;
  finished_at: string | null;
  result: unknown;
  error: string | null;
  compensation: { at: string; result: unknown } | null;
}

/**
 * The read state of a releasePipeline run (`release/<id>`). Every step's
 * outcome is recorded here, in the same transaction as the step's side
 * effect (merge, publish, traffic): a step whose result is recorded is done,
 * so an activity re-run after a crash is a no-op (exactly one merge, one
 * publish). `paused` is separate from `status` because the pause update
 * writes it while the pipeline itself may be writing the status.
 */
const ReleaseSchema = defineEntity({
  name: 'Release',
  tableName: 'agent_release',
  indexes: [
    { name: 'agent_release_org_idx', properties: ['organization', 'id'] },
    { name: 'agent_release_agent_idx', properties: ['agent', 'id'] },
  ],
  uniques: [{ name: 'agent_release_idempotency_unique', properties: ['organization', 'idempotencyKey'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    project: () => p.manyToOne(Project).mapToPk().deleteRule('cascade'),
    agent: () => p.manyToOne(Agent).mapToPk().deleteRule('cascade'),
    branchId: p.string().length(40),
    status: p.string().length(20).$type<ReleaseStatus>().default('pending'),
    paused: p.boolean().default(false),
    reason: p.text().nullable(),
    steps: p.json<ReleaseStep[]>(),
    rollout: p.json<RolloutPlan>().nullable(),
    guard: p.json<GuardThresholds>(),
    requireApproval: p.boolean().default(false),
    approvalTimeoutSeconds: p.integer(),
    evaluationId: p.string().length(40).nullable(),
    mergedVersionId: p.string().length(40).nullable(),
    /** The live version before the publish: what a rollback returns to and the guard compares with. */
    previousVersionId: p.string().length(40).nullable(),
    /** The agent's traffic split before the rollout changed it, as the agent stored it (null: none); compensation restores it. */
    previousSplit: p.json<TrafficSplitEntry[] | null>().nullable(),
    splitChanged: p.boolean().default(false),
    idempotencyKey: p.string().length(200).nullable(),
    startedBy: p.json<Actor>(),
    approvedBy: p.json<Actor>().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    finishedAt: p.datetime().nullable(),
  },
});
export class Release extends ReleaseSchema.class {}
ReleaseSchema.setClass(Release);

export const releasesEntities = [Release];
