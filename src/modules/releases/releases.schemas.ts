import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { ActorView } from '../agents/agents.schemas.js';
import { IdempotencyKey } from '../idempotency-key.js';
import { pageFields } from '../paging.js';

extendZodWithOpenApi(z);

/**
 * A release takes a branch to live traffic through the releasePipeline
 * workflow: required tests on the branch head, merge preview, an optional
 * approval, merge, publish, then an optional staged rollout with guard checks.
 * One schema per payload, shared by REST, MCP and the OpenAPI document.
 */

const Id = (what: string) =>
  z
    .string()
    .min(1)
    .max(60)
    .regex(/^[A-Za-z0-9_-]+$/, 'an id such as rel_01J...')
    .describe(what);

export const RolloutPlan = z
  .object({
    stages: z
      .array(z.number().int().min(1).max(100))
      .min(1)
      .max(10)
      .describe('Percent of callers on the new version at each stage, increasing, ending at 100; e.g. [10, 50, 100].'),
    soak_seconds: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 3600)
      .describe('How long each stage is held and watched before the next.'),
  })
  .strict()
  .superRefine((value, ctx) => {
    value.stages.forEach((s, i) => {
      if (i > 0 && s <= value.stages[i - 1]) ctx.addIssue({ code: 'custom', path: ['stages', i], message: 'stages must increase' });
    });
    if (value.stages.at(-1) !== 100) ctx.addIssue({ code: 'custom', path: ['stages', value.stages.length - 1], message: 'the last stage must be 100' });
  })
  .openapi('RolloutPlan');
export type RolloutPlan = z.output<typeof RolloutPlan>;

export const GuardThresholds = z
  .object({
    max_error_rate_increase: z
      .number()
      .min(0)
      .max(1)
      .default(0.05)
      .describe(
        "Breach when the share of the new version's calls that end failed or in error exceeds the previous version's by more than this (0 to 1); default 0.05.",
      ),
    max_transfer_rate_increase: z
      .number()
      .min(0)
      .max(1)
      .default(0.2)
      .describe("Breach when the new version's transfer rate exceeds the previous version's by more than this (0 to 1); default 0.2."),
    max_reply_p95_increase_ms: z
      .number()
      .int()
      .min(0)
      .max(60_000)
      .default(500)
      .describe(
        "Breach when the 95th percentile of the new version's reply latency on live calls (end of the caller's speech to the reply's first audio) exceeds the previous version's by more than this many ms; default 500. Judged when both versions have measured replies.",
      ),
    min_calls: z
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .default(1)
      .describe('Calls the new version needs in a stage before the guard judges it; fewer and the stage passes as inconclusive. Default 1.'),
  })
  .strict()
  .openapi('GuardThresholds');
export type GuardThresholds = z.output<typeof GuardThresholds>;

export const APPROVAL_TIMEOUT_DEFAULT = 24 * 3600;
export const StartReleaseRestBody = z
  .object({
    branch_id: Id('The branch to release (brn_...).'),
    rollout: RolloutPlan.optional().describe('Staged rollout after publishing; without it the new version takes all traffic at publish.'),
    guard: GuardThresholds.optional().describe("Thresholds of the rollout's guard; defaults apply when absent."),
    require_approval: z.boolean().default(false).describe('Wait for an approve before merging.'),
    approval_timeout_seconds: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 3600)
      .default(APPROVAL_TIMEOUT_DEFAULT)
      .describe('How long to wait for the approval before the release fails; default one day. Time paused does not count.'),
  })
  .strict()
  .openapi('StartReleaseRestBody');
export const StartReleaseBody = StartReleaseRestBody.extend({
  agent_id: Id('The agent (agt_...).'),
  idempotency_key: IdempotencyKey.optional().describe(
    'A key of your choice: starting again with the same key returns the same release instead of a second one.',
  ),
})
  .strict()
  .openapi('StartReleaseBody');
export type StartReleaseBody = z.input<typeof StartReleaseBody>;

export const ReleaseParams = z.object({ agent_id: Id('The agent (agt_...).'), release_id: Id('The release (rel_...).') });
export const ReleaseAgentParams = z.object({ agent_id: Id('The agent (agt_...).') });
export const ReleaseReasonBody = z
  .object({ reason: z.string().trim().min(1).max(500).optional().describe('Why, recorded with the release.') })
  .strict()
  .openapi('ReleaseReasonBody');

export const RELEASE_STATUSES = ['pending', 'running', 'awaiting_approval', 'succeeded', 'failed', 'aborted', 'rolled_back'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];
export const TERMINAL_RELEASE_STATUSES: readonly ReleaseStatus[] = ['succeeded', 'failed', 'aborted', 'rolled_back'];

export const STEP_STATUSES = ['pending', 'running', 'waiting', 'succeeded', 'failed', 'skipped', 'compensated'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export const ReleaseStepView = z
  .object({
    name: z.string().describe('tests, preview, approval, merge, publish, then rollout_<percent> per stage.'),
    status: z.enum(STEP_STATUSES).describe('compensated: it succeeded and was undone when a later step failed.'),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    result: z.unknown().describe('What the step did (ids, metrics); null until it finishes.'),
    error: z.string().nullable(),
    compensation: z.object({ at: z.string(), result: z.unknown() }).nullable().describe('How the step was undone, if it was.'),
  })
  .openapi('ReleaseStep');
export type ReleaseStepView = z.input<typeof ReleaseStepView>;

export const ReleaseProgressView = z
  .object({
    status: z.string(),
    current_step: z.string().nullable(),
    paused: z.boolean(),
    awaiting_approval: z.boolean(),
    stage_percent: z.number().nullable().describe('Percent of traffic on the new version now, during a rollout.'),
    tests: z.object({ total: z.number().int(), done: z.number().int(), passed: z.number().int() }).nullable(),
  })
  .openapi('ReleaseProgress');
export type ReleaseProgressView = z.input<typeof ReleaseProgressView>;

export const ReleaseView = z
  .object({
    release_id: z.string(),
    agent_id: z.string(),
    agent_name: z.string(),
    branch_id: z.string(),
    status: z.enum(RELEASE_STATUSES),
    paused: z.boolean(),
    reason: z.string().nullable().describe('Why it failed, was aborted or rolled back (e.g. the guard breach).'),
    steps: z.array(ReleaseStepView),
    rollout: RolloutPlan.nullable(),
    guard: GuardThresholds,
    require_approval: z.boolean(),
    evaluation_id: z.string().nullable(),
    merged_version_id: z.string().nullable(),
    previous_version_id: z.string().nullable().describe('The version that was live before the publish.'),
    started_by: ActorView,
    approved_by: ActorView.nullable(),
    workflow_id: z.string(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
    progress: ReleaseProgressView.nullable().describe('Live progress from the running workflow; null once finished or when unavailable.'),
  })
  .openapi('Release');
export type ReleaseView = z.input<typeof ReleaseView>;

export const ReleaseResponse = z.object({ release: ReleaseView }).openapi('ReleaseResponse');
export const ListReleasesResponse = z.object({ releases: z.array(ReleaseView), ...pageFields }).openapi('ListReleasesResponse');
