import { createHash } from 'node:crypto';
import { DomainError } from '../errors.js';
import type { Agent } from './agents.entity.js';

/**
 * Which version a caller reaches (decision 0009). The caller's address
 * and the agent id hash into a bucket 0..99; the split's shares take the
 * buckets in their order (the first share 0..p1-1, the next p1..p1+p2-1, ...).
 * The same caller therefore lands on the same version for as long as the
 * split stays, and growing the first share (a canary listed first, 10 → 50)
 * keeps everyone who already reached it. Without a split every caller
 * reaches the live version; an agent with neither cannot take calls.
 * The session records the version it ran on, so a call in progress is never
 * moved by a split that changes during it.
 */

/** The same address written with or without spaces, dots, dashes or parentheses is the same caller. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const digits = trimmed.replace(/[\s().-]/g, '');
  return /^\+?\d+$/.test(digits) ? digits : trimmed;
}

/** A stable bucket 0..99 of `callerAddress` for `agentId` (SHA-256, so it is uniform and the same on every machine). */
export function callerBucket(agentId: string, callerAddress: string): number {
  const digest = createHash('sha256')
    .update(`${agentId}\n${normalizeAddress(callerAddress)}`)
    .digest();
  // 2^32 mod 100 = 96: the bias towards low buckets is 1 in 43 million, far below what a split can show.
  return digest.readUInt32BE(0) % 100;
}

export function routeCall(agent: Pick<Agent, 'id' | 'liveVersionId' | 'trafficSplit'>, callerAddress: string): string {
  const split = agent.trafficSplit ?? [];
  if (split.length) {
    const bucket = callerBucket(agent.id, callerAddress);
    let upper = 0;
    for (const share of split) {
      upper += share.percent;
      if (bucket < upper) return share.version_id;
    }
  }
  if (!agent.liveVersionId) {
    throw new DomainError('CONFLICT', `Agent ${agent.id} has no live version: publish it, or name a branch or version to run`, {
      agent_id: agent.id,
      live_version_id: null,
    });
  }
  return agent.liveVersionId;
}
