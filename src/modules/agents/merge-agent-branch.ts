import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { parseInput } from '../validation.js';
import { loadVersion } from './agent-access.js';
import { AgentConfig, MergeAgentBranchBody, type MergeResult } from './agents.schemas.js';
import { toBranchView, toVersionView } from './agent-views.js';
import { commitVersion } from './commit-version.js';
import { agentOfBranch, loadMerge } from './merge-base.js';
import { assertRequiredTestsPassed } from './required-tests.js';

/**
 * Merges a branch into main (spec 3: "merged"). Refused with MERGE_CONFLICT
 * (listing the conflicts) while the three-way merge has any, and while the
 * branch head has not passed the agent's required tests. The merge is always
 * a new main version with two parents, main's head then the branch's head,
 * also when main had not moved (so history shows every merge): the result
 * therefore reports `fast_forward: false` always, and `main_unchanged` for
 * whether main had moved. The branch is then `merged` and takes no more changes.
 *
 * Idempotent: merging a branch that is merged already returns that merge
 * (a release pipeline retrying its merge step must not merge twice).
 */
export const mergeAgentBranch = operation(
  { needs: 'agents:write', input: MergeAgentBranchBody },
  async (em: Em, principal: Principal, body: z.output<typeof MergeAgentBranchBody>): Promise<MergeResult> => {
    return em.transactional(async (tx) => {
      const agent = await agentOfBranch(tx, principal, body.sourceBranchId, body.agentId);
      const m = await loadMerge(tx, agent, body.sourceBranchId, { lock: true });
      if (m.source.state === 'merged' && m.source.mergedVersionId) {
        const version = await loadVersion(tx, agent, m.source.mergedVersionId);
        return {
          merged: true as const,
          already_merged: true,
          fast_forward: false,
          main_unchanged: version.parentIds[0] === m.base.id,
          version: toVersionView(version),
          branch: toBranchView(m.source, m.theirs),
        };
      }
      if (m.source.state !== 'open') {
        throw new DomainError('CONFLICT', `Branch ${m.source.name} is ${m.source.state} and cannot be merged`, { branch_id: m.source.id });
      }
      if (m.theirs.id === m.base.id) {
        throw new DomainError('UNPROCESSABLE', `Branch ${m.source.name} has no changes to merge`, { branch_id: m.source.id });
      }
      if (m.result.conflicts.length) {
        throw new DomainError(
          'MERGE_CONFLICT',
          `Branch ${m.source.name} conflicts with main in ${describe(m.result.conflicts)}: change the branch so both agree, then merge again`,
          {
            branch_id: m.source.id,
            conflicts: m.result.conflicts,
          },
        );
      }
      await assertRequiredTestsPassed(tx, agent, m.theirs.id, { action: 'merge', branch: { id: m.source.id, name: m.source.name } });
      const config = parseInput(AgentConfig, m.result.config, '');
      const { version } = commitVersion(tx, principal, agent, m.main, m.ours, {
        config,
        parentIds: [m.ours.id, m.theirs.id],
        summary: `merge of branch ${m.source.name}`,
      });
      m.source.state = 'merged';
      m.source.mergedAt = new Date();
      m.source.mergedVersionId = version.id;
      recordAudit(tx, principal, {
        action: 'agent.merge',
        targetType: 'agent',
        targetId: agent.id,
        projectId: agent.project,
        data: {
          branch_id: m.source.id,
          branch_name: m.source.name,
          version_id: version.id,
          parent_version_ids: version.parentIds,
          main_unchanged: m.mainUnchanged,
          changed_fields: m.result.changedFields,
        },
      });
      await tx.flush();
      return {
        merged: true as const,
        already_merged: false,
        fast_forward: false,
        main_unchanged: m.mainUnchanged,
        version: toVersionView(version),
        branch: toBranchView(m.source, m.theirs),
      };
    });
  },
);

function describe(conflicts: { field: string; line: number | null }[]): string {
  return conflicts.map((c) => (c.line === null ? c.field : `${c.field} (line ${c.line})`)).join(', ');
}
