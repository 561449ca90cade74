import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { notFound } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { parseInput } from '../validation.js';
import { findAgent, findBranch, loadVersion, requireOpen } from './agent-access.js';
import { PromptRevision } from './agents.entity.js';
import { AgentConfig, RestoreRevisionInput, type PromptChangeResult } from './agents.schemas.js';
import { toRevisionView } from './agent-views.js';
import { commitVersion } from './commit-version.js';

/**
 * Puts an earlier revision's prompt back on a branch (the revision's own
 * branch unless `branchId` names another): a new version with the head's other
 * fields and that prompt, and a new revision with `restored_from` set. History
 * is never rewritten. Restoring the prompt the branch has already changes nothing.
 */
export const restorePromptRevision = operation(
  { needs: 'agents:write', input: RestoreRevisionInput },
  async (em: Em, principal: Principal, body: z.output<typeof RestoreRevisionInput>): Promise<PromptChangeResult> => {
    return em.transactional(async (tx) => {
      const agent = await findAgent(tx, principal, body.agentId);
      const source = await tx.findOne(PromptRevision, { id: body.revisionId, agent: agent.id });
      if (!source) throw notFound('Prompt revision', body.revisionId);
      const branch = await findBranch(tx, agent, body.branchId ?? source.branch, { lock: true });
      requireOpen(branch);
      const head = await loadVersion(tx, agent, branch.headVersionId);
      const restored = await loadVersion(tx, agent, source.versionId);
      if (restored.config.prompt === head.config.prompt) {
        const current = await tx.findOneOrFail(PromptRevision, { id: branch.headRevisionId! });
        return { changed: false, revision: toRevisionView(current), version_id: head.id, prompt_hash: head.promptHash, etag: head.contentHash };
      }
      const config = parseInput(AgentConfig, { ...head.config, prompt: restored.config.prompt }, '');
      const { version, revision } = commitVersion(tx, principal, agent, branch, head, {
        config,
        parentIds: [head.id],
        summary: `restore of revision ${source.id}`,
        restoredFrom: source.id,
      });
      recordAudit(tx, principal, {
        action: 'agent.prompt_restore',
        targetType: 'agent',
        targetId: agent.id,
        projectId: agent.project,
        data: { branch_id: branch.id, restored_from: source.id, revision_id: revision!.id, version_id: version.id, prompt_hash: version.promptHash },
      });
      await tx.flush();
      return { changed: true, revision: toRevisionView(revision!), version_id: version.id, prompt_hash: version.promptHash, etag: version.contentHash };
    });
  },
);
