import { sql, type Em } from '../../db/orm.js';
import type { Agent, AgentBranch, AgentVersion, PromptRevision } from './agents.entity.js';
import type { AgentView, BranchView, RevisionView, VersionView } from './agents.schemas.js';

/** Rows to the API's views (snake_case, ISO times). */
export function toAgentView(agent: Agent, branch: AgentBranch, head: AgentVersion): AgentView {
  return {
    agent_id: agent.id,
    project_id: agent.project,
    name: agent.name,
    main_branch_id: agent.mainBranchId,
    live_version_id: agent.liveVersionId ?? null,
    traffic_split: agent.trafficSplit ?? [],
    required_test_ids: agent.requiredTestIds,
    branch: { branch_id: branch.id, name: branch.name },
    version_id: head.id,
    etag: head.contentHash,
    prompt_hash: head.promptHash,
    config: head.config,
    archived_at: agent.archivedAt?.toISOString() ?? null,
    created_at: agent.createdAt.toISOString(),
    updated_at: agent.updatedAt.toISOString(),
  };
}

export function toVersionView(version: AgentVersion): VersionView {
  return {
    version_id: version.id,
    agent_id: version.agent,
    parent_version_ids: version.parentIds,
    content_hash: version.contentHash,
    prompt_hash: version.promptHash,
    created_by: version.createdBy,
    created_at: version.createdAt.toISOString(),
  };
}

export function toBranchView(branch: AgentBranch, head: { contentHash: string; promptHash: string }): BranchView {
  return {
    branch_id: branch.id,
    agent_id: branch.agent,
    name: branch.name,
    is_main: branch.isMain,
    state: branch.state,
    head_version_id: branch.headVersionId,
    base_version_id: branch.baseVersionId,
    head_revision_id: branch.headRevisionId ?? null,
    etag: head.contentHash,
    prompt_hash: head.promptHash,
    merged_at: branch.mergedAt?.toISOString() ?? null,
    merged_version_id: branch.mergedVersionId ?? null,
    created_at: branch.createdAt.toISOString(),
  };
}

/**
 * Branch views for several branches, reading only the hashes of their heads:
 * configs can be 200 KB each. Raw SQL rather than a partial entity load, so
 * no half-loaded version lands in the identity map.
 */
export async function toBranchViews(em: Em, branches: AgentBranch[]): Promise<BranchView[]> {
  if (!branches.length) return [];
  const heads = await sql<{ id: string; content_hash: string; prompt_hash: string }>(
    em,
    'select id, content_hash, prompt_hash from agent_version where id in (select json_array_elements_text(?::json))',
    [JSON.stringify(branches.map((b) => b.headVersionId))],
  );
  const byId = new Map(heads.map((v) => [v.id, { contentHash: v.content_hash, promptHash: v.prompt_hash }]));
  return branches.map((b) => toBranchView(b, byId.get(b.headVersionId)!));
}

export function toRevisionView(revision: PromptRevision): RevisionView {
  return {
    revision_id: revision.id,
    agent_id: revision.agent,
    branch_id: revision.branch,
    version_id: revision.versionId,
    parent_revision_id: revision.parentRevisionId ?? null,
    prompt_hash: revision.promptHash,
    author: revision.author,
    created_at: revision.createdAt.toISOString(),
    restored_from: revision.restoredFrom ?? null,
    summary: revision.summary,
  };
}
