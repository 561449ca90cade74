import type { Em } from '../../db/orm.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal } from '../org/permissions.js';
import type { Agent, TrafficSplitEntry } from '../agents/agents.entity.js';
import { setAgentTrafficSplit } from '../agents/set-agent-traffic-split.js';

/** A share of a rollout stage: a version and its percent of callers. */
export interface SplitEntry {
  versionId: string;
  percent: number;
}

/**
 * Sets the agent's split for a rollout stage through setAgentTrafficSplit
 * (null removes it: every caller reaches the live version) and returns the
 * split the agent had before, exactly as stored, for the compensation. Runs
 * inside the caller's transaction (a savepoint), with the agent row locked.
 */
export async function applyTrafficSplit(tx: Em, principal: Principal, agent: Agent, split: SplitEntry[] | null): Promise<TrafficSplitEntry[] | null> {
  const before = agent.trafficSplit ?? null;
  await setAgentTrafficSplit(tx, principal, setAgentTrafficSplit.input.parse({ agentId: agent.id, split: split ?? [] }));
  return before;
}

/**
 * Puts back a split recorded by applyTrafficSplit. Written as stored rather
 * than through setAgentTrafficSplit: a restore must not be refused because a
 * branch named in the old split has merged since (its version still routes).
 */
export async function restoreTrafficSplit(tx: Em, principal: Principal, agent: Agent, previous: TrafficSplitEntry[] | null): Promise<void> {
  const current = agent.trafficSplit ?? null;
  agent.trafficSplit = previous && previous.length ? previous : null;
  recordAudit(tx, principal, {
    action: 'agent.traffic_split',
    targetType: 'agent',
    targetId: agent.id,
    projectId: agent.project,
    data: { split: agent.trafficSplit ?? [], previous_split: current ?? [], restored: true },
  });
}
