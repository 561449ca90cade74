import type { Em } from '../../db/orm.js';
import { DomainError, notFound } from '../errors.js';
import type { Principal } from '../org/permissions.js';
import { findAgent, findBranch, loadVersion } from './agent-access.js';
import { AgentBranch, type Agent, type AgentVersion } from './agents.entity.js';
import { mergeAgentConfigs, type ConfigMergeResult } from './three-way-merge.js';

export interface MergeInputs {
  main: AgentBranch;
  source: AgentBranch;
  base: AgentVersion;
  ours: AgentVersion;
  theirs: AgentVersion;
  /** Main's head is still the branch's base (the merge is still recorded as a two-parent version). */
  mainUnchanged: boolean;
  result: ConfigMergeResult;
}

/**
 * The three versions of a merge of `source` into main and their merge. The
 * base is where the branch left main: every merge of a branch ends it (state
 * merged), so that version stays the common ancestor. With `lock`, both branch
 * rows are locked, main first (every writer that locks both does it in that
 * order, so two merges cannot deadlock).
 */
export async function loadMerge(em: Em, agent: Agent, sourceBranchId: string, options: { lock?: boolean } = {}): Promise<MergeInputs> {
  const main = await findBranch(em, agent, undefined, options);
  const source = await findBranch(em, agent, sourceBranchId, options);
  if (source.isMain) {
    throw new DomainError('UNPROCESSABLE', 'main cannot be merged into itself: name a branch made with create_agent_branch', {
      issues: [{ field: 'sourceBranchId', message: 'is the main branch' }],
    });
  }
  const base = await loadVersion(em, agent, source.baseVersionId);
  const ours = await loadVersion(em, agent, main.headVersionId);
  const theirs = await loadVersion(em, agent, source.headVersionId);
  const result = mergeAgentConfigs(base.config, ours.config, theirs.config, { ours: 'main', theirs: source.name });
  return { main, source, base, ours, theirs, mainUnchanged: ours.id === base.id, result };
}

/**
 * The agent of a merge: spec 3 names only `sourceBranchId`, so the agent is
 * the branch's; `agentId`, when given, must agree. Scoped like every read: a
 * branch whose agent the principal cannot see is not found. One it can see
 * that belongs to another agent is refused naming both agents, since "not
 * found" would send the caller looking for a branch that exists.
 */
export async function agentOfBranch(em: Em, principal: Principal, sourceBranchId: string, agentId?: string): Promise<Agent> {
  const branch = await em.findOne(AgentBranch, { id: sourceBranchId, organization: principal.organizationId });
  if (!branch) throw notFound('Branch', sourceBranchId);
  const agent = await findAgent(em, principal, branch.agent).catch((error: unknown) => {
    throw error instanceof DomainError && error.code === 'NOT_FOUND' ? notFound('Branch', sourceBranchId) : error;
  });
  if (agentId !== undefined && agent.id !== agentId) {
    throw new DomainError(
      'UNPROCESSABLE',
      `Branch ${branch.name} (${branch.id}) belongs to agent ${agent.id}, not to agent ${agentId}: merge it into its own agent, or name a branch of ${agentId}`,
      {
        branch_id: branch.id,
        branch_agent_id: agent.id,
        agent_id: agentId,
        issues: [{ field: 'sourceBranchId', message: `is a branch of agent ${agent.id}, not of ${agentId}` }],
      },
    );
  }
  return agent;
}
