import type { Em } from '../../db/orm.js';
import { DomainError } from '../errors.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { actorOf, findAgent } from '../agents/agent-access.js';
import { moveWorkflow, type TemporalAccess } from '../temporal-access.js';
import { workflowIds } from '../../../workflows/workflow-ids.js';
import { abortUpdate, approveUpdate, pauseUpdate, resumeUpdate, rollbackUpdate, type ReleaseMove } from '../../../workflows/release-pipeline/messages.js';
import { findRelease, isTerminal } from './release-access.js';
import type { ReleaseView } from './releases.schemas.js';
import { toReleaseView } from './release-views.js';

export const RELEASE_MOVES = ['approve', 'pause', 'resume', 'abort', 'rollback'] as const;
export type ReleaseMoveName = (typeof RELEASE_MOVES)[number];
const UPDATES = { approve: approveUpdate, pause: pauseUpdate, resume: resumeUpdate, abort: abortUpdate, rollback: rollbackUpdate };

/**
 * Approve, pause, resume, abort or roll back a running release: an Update
 * of its workflow, whose validator refuses a move that makes no sense now
 * (approve when nothing waits for approval, roll back before anything is
 * published, ...): those answer 409 with the workflow's reason. A finished
 * release is refused before the workflow is asked; to undo a finished one,
 * roll the agent back (POST /v1/agent/{agent_id}/rollback).
 */
export const controlRelease = operation(
  { needs: 'agents:publish' },
  async (
    em: Em,
    principal: Principal,
    input: { agentId: string; releaseId: string; move: ReleaseMoveName; reason?: string },
    temporal: TemporalAccess,
  ): Promise<ReleaseView> => {
    const agent = await findAgent(em, principal, input.agentId, { archived: 'allow' });
    const release = await findRelease(em, principal, input.releaseId, agent.id);
    if (isTerminal(release.status)) {
      throw new DomainError(
        'CONFLICT',
        `Release ${release.id} has finished (${release.status}): ${
          input.move === 'rollback' ? 'roll the agent back with POST /v1/agent/{agent_id}/rollback instead' : 'there is nothing to ' + input.move
        }`,
        { release_id: release.id, release_status: release.status },
      );
    }
    const move: ReleaseMove = { by: actorOf(principal), ...(input.reason ? { reason: input.reason } : {}) };
    const handle = temporal.client.workflow.getHandle(workflowIds.release(release.id));
    const progress = await moveWorkflow(() => handle.executeUpdate(UPDATES[input.move], { args: [move] }), {
      noun: 'release',
      move: input.move,
      details: { release_id: release.id },
      notRunning: `Release ${release.id} is not running: it has finished, or it has not started yet`,
    });
    // The update ran its handler (pause and approve write the row), so the read state is current.
    const fresh = await findRelease(em.fork(), principal, release.id, agent.id);
    return toReleaseView(fresh, agent.name, {
      status: progress.status,
      current_step: progress.currentStep,
      paused: progress.paused,
      awaiting_approval: progress.awaitingApproval,
      stage_percent: progress.stagePercent,
      tests: null,
    });
  },
);
