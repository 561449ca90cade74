import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { parseInput } from '../validation.js';
import { assertVoiceAvailable } from '../telephony/voices.js';
import { findAgent, findBranch, loadVersion, requireOpen } from './agent-access.js';
import { AgentConfig, CONFIG_FIELDS, UpdateAgentBody, type AgentView } from './agents.schemas.js';
import { toAgentView } from './agent-views.js';
import { commitVersion } from './commit-version.js';
import { jsonEqual } from './content-hash.js';

/**
 * Changes an agent on a branch (main by default): a new version whose parent
 * is the head. Optimistic concurrency: `ifMatch` is the ETag (content hash)
 * the caller read; a different head is refused with PRECONDITION_FAILED and
 * the current ETag. Without `ifMatch` the change applies to whatever the head
 * is (last write wins, field by field). The branch row is locked while the
 * head moves, so the check and the move are one step.
 *
 * The ETag is a content hash: if the head changed and changed back, a caller
 * holding the old ETag still matches, which is right, since it read exactly
 * this content. A change that leaves the content as it is makes no version.
 */
export const updateAgent = operation(
  { needs: 'agents:write', input: UpdateAgentBody },
  async (em: Em, principal: Principal, agentId: string, body: z.output<typeof UpdateAgentBody>, options: { ifMatch?: string } = {}): Promise<AgentView> => {
    const { name, branch_id: branchId, summary, ...changes } = body;
    if (name === undefined && !Object.values(changes).some((v) => v !== undefined)) {
      throw new DomainError('VALIDATION_FAILED', 'Nothing to update: send at least one field to change', {
        issues: [{ field: '', message: `send name or one of ${CONFIG_FIELDS.join(', ')}` }],
      });
    }
    // Only a voice being set is checked: an update of other fields does not fail on the voice the agent has.
    if (changes.voice !== undefined) await assertVoiceAvailable(em, principal.organizationId, changes.voice);
    return em.transactional(async (tx) => {
      const agent = await findAgent(tx, principal, agentId);
      const branch = await findBranch(tx, agent, branchId, { lock: true });
      const head = await loadVersion(tx, agent, branch.headVersionId);
      if (options.ifMatch !== undefined && !etagMatches(options.ifMatch, head.contentHash)) {
        throw new DomainError('PRECONDITION_FAILED', 'The agent changed since you read it: read it again and reapply your change', {
          current_etag: head.contentHash,
          branch_id: branch.id,
        });
      }
      const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      const config = parseInput(AgentConfig, { ...head.config, ...defined }, '');
      const changedFields = CONFIG_FIELDS.filter((f) => !jsonEqual(config[f], head.config[f]));
      const renamed = name !== undefined && name !== agent.name;
      if (!changedFields.length && !renamed) return toAgentView(agent, branch, head);

      let current = head;
      if (changedFields.length) {
        requireOpen(branch);
        current = commitVersion(tx, principal, agent, branch, head, {
          config,
          parentIds: [head.id],
          summary: summary ?? `update of ${changedFields.join(', ')}`,
        }).version;
      }
      if (renamed) agent.name = name;
      recordAudit(tx, principal, {
        action: 'agent.update',
        targetType: 'agent',
        targetId: agent.id,
        projectId: agent.project,
        data: {
          branch_id: branch.id,
          fields: changedFields,
          ...(renamed ? { name } : {}),
          from_version_id: head.id,
          version_id: current.id,
          content_hash: current.contentHash,
        },
      });
      await tx.flush();
      return toAgentView(agent, branch, current);
    });
  },
);

/**
 * If-Match: `*`, or a list of entity tags, quoted or bare, weak or strong
 * (a content hash identifies the bytes either way).
 */
export function etagMatches(ifMatch: string, current: string): boolean {
  return ifMatch.split(',').some((tag) => {
    const t = tag
      .trim()
      .replace(/^W\//, '')
      .replace(/^"(.*)"$/, '$1');
    return t === '*' || t === current;
  });
}
