import { LockMode } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';
import { DomainError, notFound } from '../errors.js';
import type { Permission, Principal } from '../org/permissions.js';
import type { Actor } from '../agents/agents.entity.js';
import { Release, type ReleaseStep } from './releases.entity.js';
import { TERMINAL_RELEASE_STATUSES, type ReleaseStatus } from './releases.schemas.js';

/** A release of the principal's organization (and project, for a project-scoped sign-in); anything else is 404. */
export async function findRelease(em: Em, principal: Principal, releaseId: string, agentId?: string): Promise<Release> {
  const release = await em.findOne(Release, {
    id: releaseId,
    organization: principal.organizationId,
    ...(principal.projectId ? { project: principal.projectId } : {}),
    ...(agentId ? { agent: agentId } : {}),
  });
  if (!release) throw notFound('Release', releaseId);
  return release;
}

export const isTerminal = (status: ReleaseStatus) => TERMINAL_RELEASE_STATUSES.includes(status);

/**
 * Runs `fn` on the release row locked FOR UPDATE, in one transaction, and
 * flushes. Every step of the pipeline goes through here: the lock makes a
 * step and its record atomic, so a step re-run after a crash sees its own
 * record and does nothing.
 */
export async function withRelease<T>(em: Em, releaseId: string, fn: (tx: Em, release: Release) => Promise<T>): Promise<T> {
  return em.transactional(async (tx) => {
    const release = await tx.findOne(Release, { id: releaseId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!release) throw notFound('Release', releaseId);
    const out = await fn(tx, release);
    await tx.flush();
    return out;
  });
}

export function stepOf(release: Release, name: string): ReleaseStep {
  const step = release.steps.find((s) => s.name === name);
  if (!step) throw new DomainError('UNPROCESSABLE', `Release ${release.id} has no step ${name}`, { release_id: release.id, step: name });
  return step;
}

/** Replaces a step's record (a new array, so the JSON column is seen as changed). */
export function patchStep(release: Release, name: string, patch: Partial<ReleaseStep>): ReleaseStep {
  stepOf(release, name);
  let updated: ReleaseStep | undefined;
  release.steps = release.steps.map((s) => (s.name === name ? (updated = { ...s, ...patch }) : s));
  return updated!;
}

/** What a release's steps may do: merge, publish, run tests. Checked against the starter when the release started. */
const RELEASE_PERMISSIONS: Permission[] = ['agents:read', 'agents:write', 'agents:publish', 'tests:run'];

/**
 * The principal a release acts as when its workflow merges, publishes and
 * changes traffic: the person or client who started it (so the audit log
 * names them), with the permissions checked when they started it.
 */
export function releasePrincipal(release: Release, actor: Actor = release.startedBy): Principal {
  return {
    kind: actor.type,
    id: actor.id ?? 'system',
    name: actor.name ?? undefined,
    organizationId: release.organization,
    permissions: new Set(RELEASE_PERMISSIONS),
    via: 'system',
  };
}

/** Step names in order: what the read state lists before anything runs. */
export function plannedSteps(input: { requireApproval: boolean; stages: number[] | null }): ReleaseStep[] {
  const names = ['tests', 'preview', ...(input.requireApproval ? ['approval'] : []), 'merge', 'publish', ...(input.stages ?? []).map((p) => `rollout_${p}`)];
  return names.map((name) => ({ name, status: 'pending', started_at: null, finished_at: null, result: null, error: null, compensation: null }));
}
