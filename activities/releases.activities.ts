import type { Actor } from '../src/modules/agents/agents.entity.js';
import type { ReleaseStatus } from '../src/modules/releases/releases.schemas.js';
import * as steps from '../src/modules/releases/release-steps.js';
import type { ActivityDeps } from './index.js';
import { permanentOnDomainError } from './failures.js';

/**
 * The release pipeline's activities: closures over the
 * injected ORM, each call on its own em.fork(). Each is idempotent through
 * the release row (modules/releases/release-steps.ts), so Temporal may retry
 * any of them, or a new worker may re-run one that a dead worker started,
 * without a second merge, publish or traffic change.
 */
export function createReleaseActivities({ orm }: ActivityDeps) {
  const em = () => orm.em.fork();
  return {
    beginReleaseStep: (releaseId: string, step: string) => permanentOnDomainError(() => steps.beginStep(em(), releaseId, step)),
    completeReleaseStep: (releaseId: string, step: string, outcome: { status: 'succeeded' | 'skipped'; result: unknown }) =>
      permanentOnDomainError(() => steps.completeStep(em(), releaseId, step, outcome)),
    failReleaseStep: (releaseId: string, step: string, error: string) => permanentOnDomainError(() => steps.failStep(em(), releaseId, step, error)),
    prepareReleaseTests: (releaseId: string) => permanentOnDomainError(() => steps.prepareTests(em(), releaseId)),
    completeReleaseTests: (releaseId: string) => permanentOnDomainError(() => steps.completeTests(em(), releaseId)),
    previewReleaseMerge: (releaseId: string) => permanentOnDomainError(() => steps.previewMerge(em(), releaseId)),
    awaitReleaseApproval: (releaseId: string) => permanentOnDomainError(() => steps.awaitApproval(em(), releaseId)),
    recordReleaseApproval: (releaseId: string, by: Actor) => permanentOnDomainError(() => steps.recordApproval(em(), releaseId, by)),
    setReleasePaused: (releaseId: string, paused: boolean, by: Actor) => permanentOnDomainError(() => steps.setPaused(em(), releaseId, paused, by)),
    mergeRelease: (releaseId: string) => permanentOnDomainError(() => steps.merge(em(), releaseId)),
    publishRelease: (releaseId: string, firstStagePercent: number | null) => permanentOnDomainError(() => steps.publish(em(), releaseId, firstStagePercent)),
    setReleaseStageTraffic: (releaseId: string, step: string, percent: number) =>
      permanentOnDomainError(() => steps.setStageTraffic(em(), releaseId, step, percent)),
    checkReleaseGuard: (releaseId: string, step: string, since: string) => permanentOnDomainError(() => steps.checkGuard(em(), releaseId, step, since)),
    compensateRelease: (releaseId: string, what: 'traffic' | 'publish') => permanentOnDomainError(() => steps.compensate(em(), releaseId, what)),
    finishRelease: (releaseId: string, status: ReleaseStatus, reason: string | null) =>
      permanentOnDomainError(() => steps.finish(em(), releaseId, status, reason)),
  };
}
