import type { Release } from './releases.entity.js';
import type { ReleaseProgressView, ReleaseView } from './releases.schemas.js';
import { GuardThresholds } from './releases.schemas.js';
import { workflowIds } from '../../../workflows/workflow-ids.js';

export function toReleaseView(release: Release, agentName: string, progress: ReleaseProgressView | null = null): ReleaseView {
  return {
    release_id: release.id,
    agent_id: release.agent,
    agent_name: agentName,
    branch_id: release.branchId,
    status: release.status,
    paused: release.paused,
    reason: release.reason ?? null,
    steps: release.steps,
    rollout: release.rollout ?? null,
    guard: GuardThresholds.parse(release.guard ?? {}),
    require_approval: release.requireApproval,
    evaluation_id: release.evaluationId ?? null,
    merged_version_id: release.mergedVersionId ?? null,
    previous_version_id: release.previousVersionId ?? null,
    started_by: release.startedBy,
    approved_by: release.approvedBy ?? null,
    workflow_id: workflowIds.release(release.id),
    created_at: release.createdAt.toISOString(),
    finished_at: release.finishedAt?.toISOString() ?? null,
    progress,
  };
}
