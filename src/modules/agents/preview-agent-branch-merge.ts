import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { MergeAgentBranchBody, type MergePreview } from './agents.schemas.js';
import { agentOfBranch, loadMerge } from './merge-base.js';

/**
 * What merging the branch into main would give, without changing anything:
 * the merged configuration, the conflicts with base, ours (main's head) and
 * theirs (the branch's head), and whether main has moved since the branch
 * left it (`main_unchanged`; the merge is a two-parent version either way).
 */
export const previewAgentBranchMerge = operation(
  { needs: 'agents:read', input: MergeAgentBranchBody },
  async (em: Em, principal: Principal, body: z.output<typeof MergeAgentBranchBody>): Promise<MergePreview> => {
    const agent = await agentOfBranch(em, principal, body.sourceBranchId, body.agentId);
    const m = await loadMerge(em, agent, body.sourceBranchId);
    return {
      agent_id: agent.id,
      source_branch_id: m.source.id,
      base_version_id: m.base.id,
      main_head_version_id: m.ours.id,
      branch_head_version_id: m.theirs.id,
      fast_forward: false,
      main_unchanged: m.mainUnchanged,
      clean: m.result.conflicts.length === 0,
      conflicts: m.result.conflicts,
      changed_fields: m.result.changedFields,
      merged_config: m.result.config,
    };
  },
);
