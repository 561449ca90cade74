import type { z } from 'zod';
import { sql, type Em } from '../../db/orm.js';
import { DomainError } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { findAgent } from './agent-access.js';
import { AgentBranch, AgentPublication, type Agent, type TrafficSplitEntry } from './agents.entity.js';
import { SetTrafficSplitBody, type TrafficSplitResult } from './agents.schemas.js';
import { jsonEqual } from './content-hash.js';
import { missingRequiredTests, requiredTestsRefusal, type MissingTest } from './required-tests.js';

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
 * The merge gate holds here too: a share that puts callers on the head of a
 * branch other than main (named by branchId, or by versionId while it is not
 * published) needs that head to have passed the agent's required tests, by the
 * same rule merge applies (missingRequiredTests), else the split is refused
 * (UNPROCESSABLE, as a merge is) naming the branch and the missing tests.
 * Published versions and main's head are not gated: publish could put them
 * live without the gate anyway. `override.reason` lets such a split through;
 * only principals with agents:publish get this far (the split needs it), and
 * the audit event records who overrode, why, and which tests were missing.
 *
 * The agent row is locked, as publish and rollback lock it, so a split and
 * a publish apply one after another; the change is audit-recorded.
 */
export const setAgentTrafficSplit = operation(
  { needs: 'agents:publish', input: SetTrafficSplitBody },
  async (em: Em, principal: Principal, body: z.output<typeof SetTrafficSplitBody>): Promise<TrafficSplitResult> => {
    return em.transactional(async (tx) => {
      const agent = await findAgent(tx, principal, body.agentId, { lock: true });
      const { entries, gated } = await resolveShares(tx, agent.id, agent.liveVersionId ?? null, body.split);
      const untested = await untestedShares(tx, agent, gated);
      if (untested.length && !body.override) {
        const [first] = untested;
        throw requiredTestsRefusal(agent, first.versionId, first.missing, { action: 'traffic_split', branch: first.branch, field: first.field });
      }
      const previous = agent.trafficSplit ?? [];
      const changed = !jsonEqual(previous, entries);
      if (changed) {
        agent.trafficSplit = entries.length ? entries : null;
        const override =
          untested.length && body.override
            ? {
                reason: body.override.reason,
                untested: untested.map((u) => ({ version_id: u.versionId, branch_id: u.branch.id, missing_test_ids: u.missing.map((t) => t.test_id) })),
              }
            : undefined;
        recordAudit(tx, principal, {
          action: 'agent.traffic_split',
          targetType: 'agent',
          targetId: agent.id,
          projectId: agent.project,
          data: { split: entries, previous_split: previous, ...(override ? { override } : {}) },
        });
        await tx.flush();
      }
      return { agent_id: agent.id, live_version_id: agent.liveVersionId ?? null, split: entries, previous_split: previous, changed };
    });
  },
);

/** A share that would put callers on a branch head: the gate checks its version. */
interface GatedShare {
  versionId: string;
  branch: { id: string; name: string };
  field: string;
}

async function untestedShares(em: Em, agent: Agent, gated: GatedShare[]): Promise<(GatedShare & { missing: MissingTest[] })[]> {
  const out: (GatedShare & { missing: MissingTest[] })[] = [];
  for (const share of gated) {
    const missing = await missingRequiredTests(em, agent, share.versionId);
    if (missing.length) out.push({ ...share, missing });
  }
  return out;
}

async function resolveShares(
  em: Em,
  agentId: string,
  liveVersionId: string | null,
  shares: SetTrafficSplitBody['split'],
): Promise<{ entries: TrafficSplitEntry[]; gated: GatedShare[] }> {
  if (!shares.length) return { entries: [], gated: [] };
  const branchIds = shares.flatMap((s) => (s.branchId ? [s.branchId] : []));
  const branches = branchIds.length ? await em.find(AgentBranch, { id: { $in: branchIds }, agent: agentId }) : [];
  const openBranches = await em.find(AgentBranch, { agent: agentId, state: 'open' });
  const versionIds = shares.flatMap((s) => (s.versionId ? [s.versionId] : []));
  // Ids only: a version row carries its whole config (up to 200 KB), and a partial entity would linger in the identity map.
  const versions = versionIds.length
    ? await sql<{ id: string }>(em, 'select id from agent_version where agent_id = ? and id in (?)', [agentId, versionIds])
    : [];
  // Named versions and the heads of named branches: a published one needs no gate (it reached callers before).
  const candidates = [...versionIds, ...branches.map((b) => b.headVersionId)];
  const published = new Set(
    (candidates.length ? await em.find(AgentPublication, { agent: agentId, versionId: { $in: candidates } }) : []).map((p) => p.versionId),
  );
  if (liveVersionId) published.add(liveVersionId);
  const heads = new Set(openBranches.map((b) => b.headVersionId));
  const mainHead = openBranches.find((b) => b.isMain)?.headVersionId;
  const branchOfHead = new Map(openBranches.filter((b) => !b.isMain).map((b) => [b.headVersionId, b]));
  // Published versions and main's head could go live by publish, which has no gate; a 0 % share reaches nobody.
  const needsGate = (versionId: string, percent: number) => percent > 0 && versionId !== mainHead && !published.has(versionId);

  const entries: TrafficSplitEntry[] = [];
  const gated: GatedShare[] = [];
  const seen = new Map<string, number>();
  shares.forEach((share, i) => {
    let versionId: string;
    let branchId: string | null = null;
    if (share.branchId) {
      const field = `split.${i}.branchId`;
      const branch = branches.find((b) => b.id === share.branchId);
      if (!branch) {
        throw new DomainError('NOT_FOUND', `Branch ${share.branchId} was not found on agent ${agentId}`, {
          resource: 'Branch',
          id: share.branchId,
          issues: [{ field, message: 'no such branch of this agent' }],
        });
      }
      if (branch.state !== 'open') {
        throw new DomainError('UNPROCESSABLE', `Branch ${branch.name} is ${branch.state}: name the version it became (or main) instead`, {
          issues: [{ field, message: `the branch is ${branch.state}` }],
        });
      }
      versionId = branch.headVersionId;
      branchId = branch.id;
      if (!branch.isMain && needsGate(versionId, share.percent)) {
        gated.push({ versionId, branch: { id: branch.id, name: branch.name }, field });
      }
    } else {
      const field = `split.${i}.versionId`;
      versionId = share.versionId!;
      if (!versions.some((v) => v.id === versionId)) {
        throw new DomainError('NOT_FOUND', `Version ${versionId} was not found on agent ${agentId}`, {
          resource: 'Agent version',
          id: versionId,
          issues: [{ field, message: 'no such version of this agent' }],
        });
      }
      if (!published.has(versionId) && !heads.has(versionId)) {
        throw new DomainError('UNPROCESSABLE', `Version ${versionId} has never been published and is not the head of an open branch`, {
          issues: [{ field, message: 'publish it, or name the branch whose head it is' }],
        });
      }
      const branch = branchOfHead.get(versionId);
      if (branch && needsGate(versionId, share.percent)) {
        gated.push({ versionId, branch: { id: branch.id, name: branch.name }, field });
      }
    }
    const earlier = seen.get(versionId);
    if (earlier !== undefined) {
      throw new DomainError('VALIDATION_FAILED', `Shares ${earlier} and ${i} both resolve to version ${versionId}: give it one share`, {
        issues: [{ field: `split.${i}`, message: `resolves to the same version as share ${earlier}` }],
      });
    }
    seen.set(versionId, i);
    entries.push({ version_id: versionId, percent: share.percent, branch_id: branchId });
  });
  return { entries, gated };
}
