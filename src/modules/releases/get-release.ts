import { QueryRejectedError } from '@temporalio/client';
import { sql, type Em } from '../../db/orm.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { findAgent } from '../agents/agent-access.js';
import { withinDeadline } from '../../temporal/deadline.js';
import type { TemporalAccess } from '../temporal-access.js';
import { workflowIds } from '../../../workflows/workflow-ids.js';
import { progressQuery } from '../../../workflows/release-pipeline/messages.js';
import { findRelease, isTerminal } from './release-access.js';
import { type Release } from './releases.entity.js';
import type { ReleaseProgressView, ReleaseView } from './releases.schemas.js';
import { toReleaseView } from './release-views.js';

/** How long a retrieve waits for the workflow's answer before it returns the read state alone. */
const QUERY_TIMEOUT_MS = 2000;

/**
 * A release's read state (steps with times and results, from PostgreSQL),
 * plus, while it runs, the workflow's live progress (paused, waiting for
 * approval, the rollout stage), and during the tests step the test runs'
 * counts so far (from their rows, which each run writes as it ends). The live part is best effort: without Temporal, or when the query
 * is slow, `progress` is null and the read state still answers.
 */
export const getRelease = operation(
  { needs: 'agents:read' },
  async (em: Em, principal: Principal, agentId: string, releaseId: string, temporal?: TemporalAccess): Promise<ReleaseView> => {
    const agent = await findAgent(em, principal, agentId, { archived: 'allow' });
    const release = await findRelease(em, principal, releaseId, agent.id);
    const progress = temporal && !isTerminal(release.status) ? await liveProgress(em, release, temporal) : null;
    return toReleaseView(release, agent.name, progress);
  },
);

async function liveProgress(em: Em, release: Release, temporal: TemporalAccess): Promise<ReleaseProgressView | null> {
  try {
    const handle = temporal.client.workflow.getHandle(workflowIds.release(release.id));
    const live = await withinDeadline(temporal.client, QUERY_TIMEOUT_MS, () => handle.query(progressQuery));
    let tests: ReleaseProgressView['tests'] = null;
    if (live.currentStep === 'tests' && release.evaluationId) {
      [tests] = await sql<{ total: number; done: number; passed: number }>(
        em,
        `
        select count(*)::int as total, count(*) filter (where status in ('passed', 'failed', 'error'))::int as done,
               count(*) filter (where status = 'passed')::int as passed
          from test_run where evaluation_id = ?`,
        [release.evaluationId],
      );
    }
    return {
      status: live.status,
      current_step: live.currentStep,
      paused: live.paused,
      awaiting_approval: live.awaitingApproval,
      stage_percent: live.stagePercent,
      tests,
    };
  } catch (error) {
    if (error instanceof QueryRejectedError) return null;
    // Not found (not started yet, or gone), Temporal away, a slow answer: the read state stands alone.
    return null;
  }
}
