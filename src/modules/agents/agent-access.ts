import { LockMode } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';
import { decodeCursor, type CursorKey } from '../cursor.js';
import { DomainError, notFound } from '../errors.js';
import { isId, type IdKind } from '../ids.js';
import type { Principal } from '../org/permissions.js';
import { Agent, AgentBranch, AgentVersion, type Actor } from './agents.entity.js';

/**
 * Reads shared by the agent operations. Tenancy: an agent is visible only in
 * the principal's organization and, for a principal acting in one project
 * (assistant sign-ins), only in that project; anything else reads as 404.
 */
export async function findAgent(em: Em, principal: Principal, agentId: string, options: { lock?: boolean; archived?: 'allow' } = {}): Promise<Agent> {
  const agent = await em.findOne(
    Agent,
    { id: agentId, organization: principal.organizationId, ...(principal.projectId ? { project: principal.projectId } : {}) },
    options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {},
  );
  if (!agent) throw notFound('Agent', agentId);
  if (agent.archivedAt && options.archived !== 'allow') throw archivedAgent(agent);
  return agent;
}

/**
 * An archived agent takes no changes, calls, campaigns or assignments: every operation refuses it here, once,
 * unless it only reads (those pass `archived: 'allow'`), so a new write path cannot forget the rule.
 */
function archivedAgent(agent: Agent): DomainError {
  return new DomainError('CONFLICT', `Agent ${agent.id} is archived: unarchive it first (POST /v1/agent/${agent.id}/unarchive)`, {
    agent_id: agent.id,
    archived_at: agent.archivedAt!.toISOString(),
  });
}

/**
 * A branch of `agent` (main when `branchId` is absent). With `lock`, the row
 * is read FOR UPDATE (inside a transaction) and refreshed, so the caller sees
 * the head as it is once every earlier writer has committed: this is what
 * makes "two changes from the same head, exactly one lands" hold.
 */
export async function findBranch(em: Em, agent: Agent, branchId: string | undefined, options: { lock?: boolean } = {}): Promise<AgentBranch> {
  const id = branchId ?? agent.mainBranchId;
  const branch = await em.findOne(AgentBranch, { id, agent: agent.id }, options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {});
  if (!branch) throw notFound('Branch', id);
  return branch;
}

/** Changes land on open branches only: a merged branch is history. */
export function requireOpen(branch: AgentBranch): void {
  if (branch.state !== 'open') {
    throw new DomainError('CONFLICT', `Branch ${branch.name} is ${branch.state}: create a new branch to make further changes`, {
      branch_id: branch.id,
      state: branch.state,
    });
  }
}

export async function loadVersion(em: Em, agent: Agent, versionId: string): Promise<AgentVersion> {
  const version = await em.findOne(AgentVersion, { id: versionId, agent: agent.id });
  if (!version) throw notFound('Agent version', versionId);
  return version;
}

export function actorOf(principal: Principal): Actor {
  return { type: principal.kind, id: principal.kind === 'system' ? null : principal.id, name: principal.name ?? null };
}

/** A keyset cursor of a listing ordered by id: its id must be one of `kind` (it goes into the query). */
export function decodeIdCursor(cursor: string, fingerprint: string, kind: IdKind): CursorKey {
  const key = decodeCursor(cursor, fingerprint);
  if (!isId(kind, key.id)) {
    throw new DomainError('INVALID_CURSOR', 'The cursor is not valid: it is not a cursor returned by this API', {
      issues: [{ field: 'cursor', message: 'it is not a cursor returned by this API' }],
    });
  }
  return key;
}
