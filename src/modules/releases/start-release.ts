import type { z } from 'zod';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal, Requirement } from '../org/permissions.js';
import { operation } from '../operation.js';
import { actorOf, findAgent, findBranch } from '../agents/agent-access.js';
import { startWorkflowOrClose, type TemporalAccess } from '../temporal-access.js';
import { workflowIds } from '../../../workflows/workflow-ids.js';
import type { ReleaseInput, ReleaseOutcome } from '../../../workflows/release-pipeline/messages.js';
import { Release } from './releases.entity.js';
import { GuardThresholds, StartReleaseBody, TERMINAL_RELEASE_STATUSES, type ReleaseView } from './releases.schemas.js';
import { plannedSteps } from './release-access.js';
import { toReleaseView } from './release-views.js';

/** Starting a release changes the agent (its canary version) and publishes it: the route and the tool declare the same. */
export const START_RELEASE_NEEDS: Requirement = ['agents:publish', 'agents:write'];

/**
 * Starts a release of a branch: a Release row (the read state, every step
 * pending), then the releasePipeline workflow `release/<id>`. A release
 * merges and publishes, so it needs agents:write as well as agents:publish.
 * One release at a time per agent: the compensations assume nobody else
 * moves the live version or the split meanwhile (a publish by hand is still
 * possible; the compensation then leaves it alone).
 *
 * Idempotency: the same `idempotency_key` (REST: the Idempotency-Key header)
 * returns the release it started, and starts its workflow if an earlier
 * attempt stopped between the row and the workflow (the workflow id is the
 * release's, so it can never start twice).
 */
export const startRelease = operation(
  { needs: START_RELEASE_NEEDS, input: StartReleaseBody },
  async (em: Em, principal: Principal, body: z.output<typeof StartReleaseBody>, temporal: TemporalAccess): Promise<ReleaseView> => {
    const existing = body.idempotency_key ? await byKey(em, principal, body.idempotency_key) : null;
    if (existing) return resume(em, principal, existing, body, temporal);

    let release: Release;
    let agentName: string;
    try {
      ({ release, agentName } = await em.transactional(async (tx) => {
        const agent = await findAgent(tx, principal, body.agent_id, { lock: true });
        const branch = await findBranch(tx, agent, body.branch_id);
        if (branch.isMain) {
          throw new DomainError('UNPROCESSABLE', 'A release takes a branch to main: name a branch made with create_agent_branch, not main', {
            issues: [{ field: 'branch_id', message: 'is the main branch' }],
          });
        }
        if (branch.state !== 'open') {
          throw new DomainError('CONFLICT', `Branch ${branch.name} is ${branch.state}: there is nothing to release`, {
            issues: [{ field: 'branch_id', message: `the branch is ${branch.state}` }],
          });
        }
        const active = await tx.findOne(Release, { agent: agent.id, status: { $nin: [...TERMINAL_RELEASE_STATUSES] } });
        if (active) {
          throw new DomainError('CONFLICT', `Release ${active.id} of this agent is still ${active.status}: wait for it, or abort it`, {
            release_id: active.id,
          });
        }
        const made = tx.create(Release, {
          id: newId('release'),
          organization: agent.organization,
          project: agent.project,
          agent: agent.id,
          branchId: branch.id,
          status: 'pending',
          steps: plannedSteps({ requireApproval: body.require_approval, stages: body.rollout?.stages ?? null }),
          rollout: body.rollout ?? null,
          guard: body.guard ?? GuardThresholds.parse({}),
          requireApproval: body.require_approval,
          approvalTimeoutSeconds: body.approval_timeout_seconds,
          idempotencyKey: body.idempotency_key ?? null,
          startedBy: actorOf(principal),
        });
        recordAudit(tx, principal, {
          action: 'release.start',
          targetType: 'release',
          targetId: made.id,
          projectId: agent.project,
          data: { agent_id: agent.id, branch_id: branch.id, rollout: body.rollout ?? null, require_approval: body.require_approval },
        });
        return { release: made, agentName: agent.name };
      }));
    } catch (error) {
      // Two requests with one key at once: the loser answers with the winner's release.
      if (error instanceof UniqueConstraintViolationException && body.idempotency_key) {
        const winner = await byKey(em.fork(), principal, body.idempotency_key);
        if (winner) return resume(em, principal, winner, body, temporal);
      }
      throw error;
    }
    await startWorkflow(em, release, temporal);
    return toReleaseView(release, agentName);
  },
);

async function byKey(em: Em, principal: Principal, key: string): Promise<Release | null> {
  return em.findOne(Release, { organization: principal.organizationId, idempotencyKey: key });
}

async function resume(
  em: Em,
  principal: Principal,
  release: Release,
  body: { agent_id: string; branch_id: string },
  temporal: TemporalAccess,
): Promise<ReleaseView> {
  if (release.agent !== body.agent_id || release.branchId !== body.branch_id || (principal.projectId && release.project !== principal.projectId)) {
    throw new DomainError('CONFLICT', 'This Idempotency-Key was used for another release: use a new key for a new release', { release_id: release.id });
  }
  const agent = await findAgent(em, principal, release.agent, { archived: 'allow' });
  if (release.status === 'pending') await startWorkflow(em, release, temporal);
  return toReleaseView(release, agent.name);
}

/**
 * Starts `release/<id>`. Already started is success (a retry); any other
 * failure closes the release as failed, since no workflow will run it.
 */
async function startWorkflow(em: Em, release: Release, temporal: TemporalAccess): Promise<void> {
  const input: ReleaseInput = {
    releaseId: release.id,
    requireApproval: release.requireApproval,
    approvalTimeoutSeconds: release.approvalTimeoutSeconds,
    rollout: release.rollout ? { stages: release.rollout.stages, soakSeconds: release.rollout.soak_seconds } : null,
  };
  await startWorkflowOrClose<(input: ReleaseInput) => Promise<ReleaseOutcome>>(temporal, 'releasePipeline', workflowIds.release(release.id), [input], {
    noun: 'release',
    details: { release_id: release.id },
    close: (reason) => em.nativeUpdate(Release, { id: release.id, status: 'pending' }, { status: 'failed', reason, finishedAt: new Date() }),
  });
}
