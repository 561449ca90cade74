import type { Em } from '../../db/orm.js';
import { notFound } from '../errors.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { findAgent, loadVersion } from './agent-access.js';
import { PromptRevision } from './agents.entity.js';
import { RestoreRevisionInput, type RevisionDetailResponse } from './agents.schemas.js';
import { toRevisionView } from './agent-views.js';
import { unifiedDiff } from './line-diff.js';

const RevisionInput = RestoreRevisionInput.pick({ agentId: true, revisionId: true });

/**
 * One prompt revision with the whole prompt it left and what it changed: the
 * unified diff from its parent revision's prompt (every revision but the
 * first has one), so a reviewer reads an edit without fetching two versions.
 */
export const getPromptRevision = operation(
  { needs: 'agents:read', input: RevisionInput },
  async (em: Em, principal: Principal, input: { agentId: string; revisionId: string }): Promise<RevisionDetailResponse> => {
    const agent = await findAgent(em, principal, input.agentId, { archived: 'allow' });
    const revision = await em.findOne(PromptRevision, { id: input.revisionId, agent: agent.id });
    if (!revision) throw notFound('Prompt revision', input.revisionId);
    const prompt = (await loadVersion(em, agent, revision.versionId)).config.prompt;
    const parent = revision.parentRevisionId ? await em.findOne(PromptRevision, { id: revision.parentRevisionId, agent: agent.id }) : null;
    const before = parent ? (await loadVersion(em, agent, parent.versionId)).config.prompt : null;
    const diff = before === null ? { text: '', truncated: false } : unifiedDiff(before, prompt, { from: parent!.id, to: revision.id });
    return { revision: toRevisionView(revision), prompt, diff: diff.text, diff_truncated: diff.truncated };
  },
);
