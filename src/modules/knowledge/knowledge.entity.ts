import { defineEntity, p } from '@mikro-orm/core';
import { Organization, Project } from '../org/org.entity.js';
import type { Actor } from '../agents/agents.entity.js';

export type KnowledgeSourceKind = 'text' | 'document' | 'url';

/** A piece of knowledge an organization gave its agents: pasted text, an uploaded document, or a fetched web page. */
const KnowledgeResourceSchema = defineEntity({
  name: 'KnowledgeResource',
  tableName: 'knowledge_resource',
  indexes: [{ name: 'knowledge_resource_project_idx', properties: ['organization', 'project', 'id'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    project: () => p.manyToOne(Project).mapToPk().deleteRule('cascade'),
    name: p.string().length(200),
    sourceKind: p.string().length(10).$type<KnowledgeSourceKind>(),
    sourceUrl: p.text().nullable(),
    contentType: p.string().length(100),
    characters: p.integer(),
    chunkCount: p.integer(),
    createdBy: p.json<Actor>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class KnowledgeResource extends KnowledgeResourceSchema.class {}
KnowledgeResourceSchema.setClass(KnowledgeResource);

/**
 * A passage of a resource, the unit retrieval returns. `search` is a
 * generated tsvector (english configuration) under a GIN index, so
 * PostgreSQL keeps it in step with `content` and ranks with ts_rank_cd.
 * Vector search would add a nullable embedding column here (pgvector) and
 * blend its ranking with this one; not needed yet.
 */
const KnowledgeChunkSchema = defineEntity({
  name: 'KnowledgeChunk',
  tableName: 'knowledge_chunk',
  indexes: [
    { name: 'knowledge_chunk_scope_idx', properties: ['organization', 'project'] },
    { name: 'knowledge_chunk_resource_idx', properties: ['resource', 'position'] },
    { name: 'knowledge_chunk_search_idx', expression: 'create index "knowledge_chunk_search_idx" on "knowledge_chunk" using gin ("search")' },
  ],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    project: () => p.manyToOne(Project).mapToPk().deleteRule('cascade'),
    resource: () => p.manyToOne(KnowledgeResource).mapToPk().deleteRule('cascade'),
    position: p.integer(),
    content: p.text(),
    search: p.string().columnType('tsvector').generated(`(to_tsvector('english'::regconfig, content)) stored`).nullable().lazy(),
  },
});
export class KnowledgeChunk extends KnowledgeChunkSchema.class {}
KnowledgeChunkSchema.setClass(KnowledgeChunk);

export const knowledgeEntities = [KnowledgeResource, KnowledgeChunk];
