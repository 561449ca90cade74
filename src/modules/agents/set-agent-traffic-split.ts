import { sql, type Em } from '../../db/orm.js';
import { DomainError } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { parseInput } from '../validation.js';
import { findAgent } from './agent-access.js';
import { AgentBranch, AgentPublication, type TrafficSplitEntry } from './agents.entity.js';
import { SetTrafficSplitBody, type TrafficSplitResult } from './agents.schemas.js';
import { jsonEqual } from './content-hash.js';

/**
 * Splits an agent's callers between versions by whole percents (spec 3,
 * set_agent_traffic_split). Each share names a version that has been
 * published (live now or before: rollback targets and canaries) or the head
 * of an open branch, or names the branch itself, which is resolved to its
 * head now and recorded with it: the split never moves on its own when the
 * branch changes later. An empty split removes it (every caller reaches the
 * live version). Publishing does not clear a split: while one is set, it
 * decides where callers go (routeCall).
 *
 * The agent row is locked, as publish and rollback lock it, so a split and
 * a publish apply one after another; the change is audit-recorded.
 */
export async function setAgentTrafficSplit(em: Em, principal: Principal, input: SetTrafficSplitBody): Promise<TrafficSplitResult> {
  requirePermission(principal, 'agents:publish');
  const body = parseInput(SetTrafficSplitBody, input, 'body');
  return em.transactional(async (tx) => {
    const agent = await findAgent(tx, principal, body.agentId, { lock: true });
    const entries = await resolveShares(tx, agent.id, agent.liveVersionId ?? null, body.split);
    const previous = agent.trafficSplit ?? [];
    const changed = !jsonEqual(previous, entries);
    if (changed) {
      agent.trafficSplit = entries.length ? entries : null;
      recordAudit(tx, principal, {
        action: 'agent.traffic_split', targetType: 'agent', targetId: agent.id, projectId: agent.project,
        data: { split: entries, previous_split: previous },
      });
      await tx.flush();
    }
    return { agent_id: agent.id, live_version_id: agent.liveVersionId ?? null, split: entries, previous_split: previous, changed };
  });
}

async function resolveShares(
  em: Em,
  agentId: string,
  liveVersionId: string | null,
  shares: SetTrafficSplitBody['split'],
): Promise<TrafficSplitEntry[]> {
  if (!shares.length) return [];
  const branchIds = shares.flatMap((s) => (s.branchId ? [s.branchId] : []));
  const branches = branchIds.length ? await em.find(AgentBranch, { id: { $in: branchIds }, agent: agentId }) : [];
  const openBranches = await em.find(AgentBranch, { agent: agentId, state: 'open' });
  const versionIds = shares.flatMap((s) => (s.versionId ? [s.versionId] : []));
  // Ids only: a version row carries its whole config (up to 200 KB), and a partial entity would linger in the identity map.
  const versions = versionIds.length
    ? await sql<{ id: string }>(em, 'select id from agent_version where agent_id = ? and id in (?)', [agentId, versionIds])
    : [];
  const published = new Set(
    (versionIds.length ? await em.find(AgentPublication, { agent: agentId, versionId: { $in: versionIds } }) : []).map((p) => p.versionId),
  );
  if (liveVersionId) published.add(liveVersionId);
  const heads = new Set(openBranches.map((b) => b.headVersionId));

  const entries: TrafficSplitEntry[] = [];
  const seen = new Map<string, number>();
  shares.forEach((share, i) => {
    let versionId: string;
    let branchId: string | null = null;
    if (share.branchId) {
      const field = `body.split.${i}.branchId`;
      const branch = branches.find((b) => b.id === share.branchId);
      if (!branch) {
        throw new DomainError('NOT_FOUND', `Branch ${share.branchId} was not found on agent ${agentId}`, {
          resource: 'Branch', id: share.branchId, issues: [{ field, message: 'no such branch of this agent' }],
        });
      }
      if (branch.state !== 'open') {
        throw new DomainError('UNPROCESSABLE', `Branch ${branch.name} is ${branch.state}: name the version it became (or main) instead`, {
          issues: [{ field, message: `the branch is ${branch.state}` }],
        });
      }
      versionId = branch.headVersionId;
      branchId = branch.id;
    } else {
      const field = `body.split.${i}.versionId`;
      versionId = share.versionId!;
      if (!versions.some((v) => v.id === versionId)) {
        throw new DomainError('NOT_FOUND', `Version ${versionId} was not found on agent ${agentId}`, {
          resource: 'Agent version', id: versionId, issues: [{ field, message: 'no such version of this agent' }],
        });
      }
      if (!published.has(versionId) && !heads.has(versionId)) {
        throw new DomainError('UNPROCESSABLE', `Version ${versionId} has never been published and is not the head of an open branch`, {
          issues: [{ field, message: 'publish it, or name the branch whose head it is' }],
        });
      }
    }
    const earlier = seen.get(versionId);
    if (earlier !== undefined) {
      throw new DomainError('VALIDATION_FAILED', `Shares ${earlier} and ${i} both resolve to version ${versionId}: give it one share`, {
        issues: [{ field: `body.split.${i}`, message: `resolves to the same version as share ${earlier}` }],
      });
    }
    seen.set(versionId, i);
    entries.push({ version_id: versionId, percent: share.percent, branch_id: branchId });
  });
  return entries;
}
