import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { parseInput } from '../validation.js';
import { findAgent, findBranch, loadVersion, requireOpen } from './agent-access.js';
import { AgentVersion, PromptRevision, type Agent } from './agents.entity.js';
import { AgentConfig, PatchPromptBody, PROMPT_MAX_BYTES, type PromptChangeResult, type PromptEdit } from './agents.schemas.js';
import { toRevisionView } from './agent-views.js';
import { commitVersion } from './commit-version.js';
import { splitLines, unifiedDiff } from './line-diff.js';

/**
 * Anchored edits of a long prompt, checked against the hash of the prompt the
 * caller last read (spec 3: "the content hash of the anchored edit matches").
 *
 * Concurrency: the branch row is locked before the hash is compared, so of two
 * patches sent with the same hash the second waits, then sees the first's
 * prompt and is refused with HASH_MISMATCH: exactly one lands.
 */
export const patchAgentPrompt = operation(
  { needs: 'agents:write', input: PatchPromptBody },
  async (em: Em, principal: Principal, body: z.output<typeof PatchPromptBody>): Promise<PromptChangeResult> => {
    return em.transactional(async (tx) => {
      const agent = await findAgent(tx, principal, body.agentId);
      const branch = await findBranch(tx, agent, body.branchId, { lock: true });
      requireOpen(branch);
      const head = await loadVersion(tx, agent, branch.headVersionId);
      if (head.promptHash !== body.expectedHash) {
        throw await hashMismatch(tx, agent, head, body.expectedHash);
      }
      const prompt = applyEdits(head.config.prompt, body.edits);
      if (Buffer.byteLength(prompt, 'utf8') > PROMPT_MAX_BYTES) {
        throw new DomainError('VALIDATION_FAILED', `The patched prompt would exceed ${PROMPT_MAX_BYTES} bytes`, {
          issues: [{ field: 'edits', message: `the result is ${Buffer.byteLength(prompt, 'utf8')} bytes` }],
        });
      }
      if (prompt === head.config.prompt) {
        const current = await tx.findOneOrFail(PromptRevision, { id: branch.headRevisionId! });
        return { changed: false, revision: toRevisionView(current), version_id: head.id, prompt_hash: head.promptHash, etag: head.contentHash };
      }
      const config = parseInput(AgentConfig, { ...head.config, prompt }, '');
      const { version, revision } = commitVersion(tx, principal, agent, branch, head, {
        config,
        parentIds: [head.id],
        summary: body.summary ?? describeEdits(body.edits),
      });
      recordAudit(tx, principal, {
        action: 'agent.prompt_patch',
        targetType: 'agent',
        targetId: agent.id,
        projectId: agent.project,
        data: {
          branch_id: branch.id,
          revision_id: revision!.id,
          version_id: version.id,
          from_hash: head.promptHash,
          prompt_hash: version.promptHash,
          edits: body.edits.length,
        },
      });
      await tx.flush();
      return { changed: true, revision: toRevisionView(revision!), version_id: version.id, prompt_hash: version.promptHash, etag: version.contentHash };
    });
  },
);

/**
 * Applies edits in order, each to the result of the ones before. Occurrences
 * are counted at every start position, so overlapping matches count ("aa" is
 * twice in "aaa"): an anchor is unambiguous only if no other match exists.
 */
export function applyEdits(prompt: string, edits: PromptEdit[]): string {
  let text = prompt;
  edits.forEach((edit, index) => {
    const positions = occurrences(text, edit.anchor);
    const field = `edits.${index}.anchor`;
    if (!positions.length) {
      throw new DomainError('ANCHOR_NOT_FOUND', `Edit ${index + 1}: the anchor ${quote(edit.anchor)} does not occur in the prompt`, {
        anchor: edit.anchor,
        edit_index: index,
        issues: [{ field, message: 'not found in the prompt' }],
      });
    }
    let at: number;
    if (edit.occurrence !== undefined) {
      if (edit.occurrence > positions.length) {
        throw new DomainError(
          'ANCHOR_NOT_FOUND',
          `Edit ${index + 1}: the anchor ${quote(edit.anchor)} occurs ${positions.length} time(s), not ${edit.occurrence}`,
          {
            anchor: edit.anchor,
            edit_index: index,
            occurrences: positions.length,
            issues: [{ field: `edits.${index}.occurrence`, message: `at most ${positions.length}` }],
          },
        );
      }
      at = positions[edit.occurrence - 1];
    } else if (positions.length > 1) {
      throw new DomainError(
        'ANCHOR_AMBIGUOUS',
        `Edit ${index + 1}: the anchor ${quote(edit.anchor)} occurs ${positions.length} times: make it longer or give occurrence`,
        {
          anchor: edit.anchor,
          edit_index: index,
          occurrences: positions.length,
          issues: [{ field, message: `occurs ${positions.length} times` }],
        },
      );
    } else {
      at = positions[0];
    }
    const end = at + edit.anchor.length;
    const replacement = edit.op === 'replace' ? edit.text : edit.op === 'insert_before' ? edit.text + edit.anchor : edit.anchor + edit.text;
    text = text.slice(0, at) + replacement + text.slice(end);
  });
  return text;
}

function occurrences(text: string, anchor: string): number[] {
  const found: number[] = [];
  for (let i = text.indexOf(anchor); i !== -1; i = text.indexOf(anchor, i + 1)) found.push(i);
  return found;
}

function quote(text: string): string {
  const short = text.length > 80 ? `${text.slice(0, 77)}...` : text;
  return JSON.stringify(short);
}

function describeEdits(edits: PromptEdit[]): string {
  return `patch: ${edits.map((e) => `${e.op} ${quote(e.anchor.split('\n')[0])}`).join('; ')}`;
}

/**
 * The refusal of a stale hash: the current hash, and, when the hash the caller
 * sent is one this agent's prompt had (a revision recorded it), a unified diff
 * from that prompt to the current one, so the caller can see what changed
 * without reading the whole prompt again. Otherwise the current line count.
 */
async function hashMismatch(em: Em, agent: Agent, head: AgentVersion, expected: string): Promise<DomainError> {
  const details: Record<string, unknown> = {
    expected_hash: expected,
    current_hash: head.promptHash,
    current_line_count: splitLines(head.config.prompt).length,
  };
  const known = await em.findOne(PromptRevision, { agent: agent.id, promptHash: expected }, { orderBy: { id: 'desc' } });
  if (known) {
    const before = await em.findOne(AgentVersion, { id: known.versionId });
    if (before) {
      const diff = unifiedDiff(before.config.prompt, head.config.prompt, {
        from: `prompt@${expected.slice(0, 12)} (revision ${known.id})`,
        to: `prompt@${head.promptHash.slice(0, 12)} (current)`,
      });
      details.diff_from_revision_id = known.id;
      details.diff = diff.text;
      details.diff_truncated = diff.truncated;
    }
  }
  return new DomainError(
    'HASH_MISMATCH',
    'The prompt changed since you read it: apply your edits to the current prompt (current_hash), using the diff to see what changed',
    details,
  );
}
