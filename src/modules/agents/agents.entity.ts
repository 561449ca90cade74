import { defineEntity, p } from '@mikro-orm/core';
import { Organization, Project } from '../org/org.entity.js';
import type { AgentConfig } from './agents.schemas.js';

/** Who made a version, revision or publication: copied from the principal, so it survives their removal. */
export interface Actor {
  type: 'user' | 'api_client' | 'system';
  id: string | null;
  name: string | null;
}

/** One share of an agent's traffic: whole percents, all entries of a split add up to 100. */
export interface TrafficSplitEntry {
  version_id: string;
  percent: number;
  /** The branch whose head this was when the split was set; null when named by version. */
  branch_id: string | null;
}

/**
 * An agent: a name in a project, a main branch, and a live (published)
 * version. Its configuration lives in immutable versions (AgentVersion); the
 * agent row holds pointers only (decision 0009).
 */
const AgentSchema = defineEntity({
  name: 'Agent',
  tableName: 'agent',
  indexes: [{ name: 'agent_org_project_idx', properties: ['organization', 'project', 'id'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    project: () => p.manyToOne(Project).mapToPk().deleteRule('cascade'),
    name: p.string().length(200),
    /** Not a foreign key: the branch row points back at the agent, and both are made in one flush. */
    mainBranchId: p.string().length(40),
    /** The published version callers reach; null until the first publish. */
    liveVersionId: p.string().length(40).nullable(),
    /** Tests a branch head must pass before it merges (the test runner fills this later). */
    requiredTestIds: p.json<string[]>(),
    /**
     * Versions callers reach by share, set by setAgentTrafficSplit; null: every
     * caller reaches the live version. A branch named in the split was resolved
     * to its head when the split was set (branch_id records where it came from).
     */
    trafficSplit: p.json<TrafficSplitEntry[]>().nullable(),
    /**
     * Set by archiveAgent: the agent is out of the lists and takes no changes, calls or campaigns, while its
     * versions, calls and releases stay readable. Only an agent nothing uses can be archived (agent-use.ts).
     */
    archivedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class Agent extends AgentSchema.class {}
AgentSchema.setClass(Agent);

/**
 * One immutable configuration of an agent. Every change makes a new version
 * whose parent is the head it changed; a merge has two parents (main's head,
 * then the branch's head). `contentHash` is the SHA-256 of the canonical JSON
 * of `config` and doubles as the ETag; `promptHash` is the SHA-256 of the
 * prompt text alone (what patch_agent_prompt checks).
 */
const AgentVersionSchema = defineEntity({
  name: 'AgentVersion',
  tableName: 'agent_version',
  indexes: [{ name: 'agent_version_agent_idx', properties: ['agent', 'id'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    agent: () => p.manyToOne(Agent).mapToPk().deleteRule('cascade'),
    parentIds: p.json<string[]>(),
    config: p.json<AgentConfig>(),
    contentHash: p.string().length(64),
    promptHash: p.string().length(64),
    createdBy: p.json<Actor>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class AgentVersion extends AgentVersionSchema.class {}
AgentVersionSchema.setClass(AgentVersion);

export type BranchState = 'open' | 'merged' | 'closed';

/**
 * A line of work on an agent: a head version and the version it left main at
 * (its merge base). `main` is a branch like any other, made with the agent.
 * Writers lock the branch row (SELECT ... FOR UPDATE) before moving its head,
 * so two changes read from the same head cannot both land.
 */
const AgentBranchSchema = defineEntity({
  name: 'AgentBranch',
  tableName: 'agent_branch',
  uniques: [{ name: 'agent_branch_agent_name_unique', properties: ['agent', 'name'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    agent: () => p.manyToOne(Agent).mapToPk().deleteRule('cascade'),
    name: p.string().length(100),
    isMain: p.boolean().default(false),
    headVersionId: p.string().length(40),
    /** Where the branch left main; main's own base is its first version. */
    baseVersionId: p.string().length(40),
    /** The newest prompt revision on this branch (a new branch starts at main's). */
    headRevisionId: p.string().length(40).nullable(),
    state: p.string().length(10).$type<BranchState>().default('open'),
    mergedAt: p.datetime().nullable(),
    /** The main version the merge made; a second merge of the same head returns it. */
    mergedVersionId: p.string().length(40).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class AgentBranch extends AgentBranchSchema.class {}
AgentBranchSchema.setClass(AgentBranch);

/**
 * One change of an agent's prompt on a branch (spec 2.6): who, when, the
 * prompt's hash, the version it produced and the revision before it.
 * The prompt text itself is in the version's config.
 */
const PromptRevisionSchema = defineEntity({
  name: 'PromptRevision',
  tableName: 'prompt_revision',
  indexes: [
    { name: 'prompt_revision_agent_idx', properties: ['agent', 'id'] },
    { name: 'prompt_revision_branch_idx', properties: ['branch', 'id'] },
    { name: 'prompt_revision_hash_idx', properties: ['agent', 'promptHash'] },
  ],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    agent: () => p.manyToOne(Agent).mapToPk().deleteRule('cascade'),
    branch: () => p.manyToOne(AgentBranch).mapToPk().deleteRule('cascade'),
    versionId: p.string().length(40),
    parentRevisionId: p.string().length(40).nullable(),
    promptHash: p.string().length(64),
    author: p.json<Actor>(),
    /** Set when this revision restores an earlier one. */
    restoredFrom: p.string().length(40).nullable(),
    summary: p.string().length(500),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class PromptRevision extends PromptRevisionSchema.class {}
PromptRevisionSchema.setClass(PromptRevision);

/**
 * Every change of the live version, newest last: a publish or a rollback,
 * with the version that was live before it. Rollback reads this history.
 */
const AgentPublicationSchema = defineEntity({
  name: 'AgentPublication',
  tableName: 'agent_publication',
  indexes: [{ name: 'agent_publication_agent_idx', properties: ['agent', 'id'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    agent: () => p.manyToOne(Agent).mapToPk().deleteRule('cascade'),
    /** publish | rollback | unpublish (versionId is then the version taken down, and no version is live after it) */
    kind: p.string().length(10).$type<'publish' | 'rollback' | 'unpublish'>(),
    versionId: p.string().length(40),
    previousVersionId: p.string().length(40).nullable(),
    publishedBy: p.json<Actor>(),
    publishedAt: p.datetime().onCreate(() => new Date()),
  },
});
export class AgentPublication extends AgentPublicationSchema.class {}
AgentPublicationSchema.setClass(AgentPublication);

export const agentsEntities = [Agent, AgentVersion, AgentBranch, PromptRevision, AgentPublication];
