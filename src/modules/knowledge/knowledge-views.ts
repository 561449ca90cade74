import type { KnowledgeResource } from './knowledge.entity.js';
import type { ResourceView } from './knowledge.schemas.js';

export function toResourceView(r: KnowledgeResource): ResourceView {
  return {
    id: r.id,
    project_id: r.project,
    name: r.name,
    source_kind: r.sourceKind,
    source_url: r.sourceUrl ?? null,
    content_type: r.contentType,
    characters: r.characters,
    chunks: r.chunkCount,
    created_at: r.createdAt.toISOString(),
  };
}
