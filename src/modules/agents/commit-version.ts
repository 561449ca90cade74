import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import type { Principal } from '../org/permissions.js';
import { actorOf } from './agent-access.js';
import { AgentVersion, PromptRevision, type Agent, type AgentBranch } from './agents.entity.js';
import type { AgentConfig } from './agents.schemas.js';
import { contentHash, promptHash } from './content-hash.js';

export interface VersionChange {
  config: AgentConfig;
  /** The head it was made from first; a merge adds the branch's head. */
  parentIds: string[];
  summary: string;
  restoredFrom?: string | null;
}

/**
 * Makes a new immutable version on `branch` and moves the branch's head to
 * it; when the prompt changed, records a prompt revision too. The caller
 * holds the branch row lock (findBranch with lock) inside a transaction and
 * flushes once, with its audit event, so everything commits together.
 */
export function commitVersion(
  em: Em,
  principal: Principal,
  agent: Agent,
  branch: AgentBranch,
  current: AgentVersion,
  change: VersionChange,
): { version: AgentVersion; revision: PromptRevision | null } {
  const hash = promptHash(change.config.prompt);
  const version = em.create(AgentVersion, {
    id: newId('agentVersion'),
    organization: agent.organization,
    agent: agent.id,
    parentIds: change.parentIds,
    config: change.config,
    contentHash: contentHash(change.config),
    promptHash: hash,
    createdBy: actorOf(principal),
  });
  let revision: PromptRevision | null = null;
  if (hash !== current.promptHash) {
    revision = em.create(PromptRevision, {
      id: newId('promptRevision'),
      organization: agent.organization,
      agent: agent.id,
      branch: branch.id,
      versionId: version.id,
      parentRevisionId: branch.headRevisionId ?? null,
      promptHash: hash,
      author: actorOf(principal),
      restoredFrom: change.restoredFrom ?? null,
      summary: change.summary.slice(0, 500),
    });
    branch.headRevisionId = revision.id;
  }
  branch.headVersionId = version.id;
  if (branch.isMain) agent.updatedAt = new Date();
  return { version, revision };
}
