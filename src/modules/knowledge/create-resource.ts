import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import { actorOf } from '../agents/agent-access.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { resolveProjectId } from '../org/resolve-project.js';
import { OutboundRequestError, safeRequest, type Lookup } from '../outbound-http.js';
import { KnowledgeChunk, KnowledgeResource, type KnowledgeSourceKind } from './knowledge.entity.js';
import { CreateResourceBody, MAX_RESOURCE_CHARS, type ResourceView } from './knowledge.schemas.js';
import { chunkText } from './chunk-text.js';
import { htmlToText } from './html-to-text.js';
import { toResourceView } from './knowledge-views.js';

export interface FetchSettings {
  /** config OUTBOUND_ALLOWED_HOSTS */
  allowedHosts: readonly string[];
  lookup?: Lookup;
}

/** Fetched pages are cut off here: a resource is text, not a download mirror. */
const MAX_FETCH_BYTES = 5 * 1024 * 1024;

/**
 * Creates a knowledge resource (resource_create) from text, an uploaded
 * document or a URL fetched through the safe client, splits it into
 * passages and stores them; PostgreSQL indexes each passage's words (the
 * generated `search` column). One transaction: a resource is never listed
 * without its passages.
 */
export const createResource = operation(
  { needs: 'knowledge:manage', input: CreateResourceBody },
  async (em: Em, principal: Principal, body: z.output<typeof CreateResourceBody>, settings: FetchSettings): Promise<ResourceView> => {
    const projectId = await resolveProjectId(em, principal, body.project_id);
    const source =
      body.url !== undefined
        ? await fetchSource(body.url, settings)
        : body.document !== undefined
          ? {
              kind: 'document' as const,
              text: body.document.content,
              contentType: body.document.content_type,
              title: body.document.filename ?? null,
              url: null,
            }
          : { kind: 'text' as const, text: body.text!, contentType: 'text/plain', title: null, url: null };
    // PostgreSQL text refuses U+0000; fetched pages are untrusted.
    const text = source.text.replaceAll('\u0000', '').slice(0, MAX_RESOURCE_CHARS);
    const chunks = chunkText(text);
    if (chunks.length === 0) {
      throw new DomainError('UNPROCESSABLE', 'The resource has no text to index', { issues: [{ field: '', message: 'no text found' }] });
    }
    const name = body.name ?? source.title ?? source.url ?? (text.replace(/\s+/g, ' ').trim().slice(0, 80) || 'Untitled');
    return em.transactional(async (tx) => {
      const resource = tx.create(KnowledgeResource, {
        id: newId('knowledgeResource'),
        organization: principal.organizationId,
        project: projectId,
        name: name.slice(0, 200),
        sourceKind: source.kind,
        sourceUrl: source.url,
        contentType: source.contentType.slice(0, 100),
        characters: text.length,
        chunkCount: chunks.length,
        createdBy: actorOf(principal),
      });
      chunks.forEach((content, position) =>
        tx.create(KnowledgeChunk, {
          id: newId('knowledgeChunk'),
          organization: principal.organizationId,
          project: projectId,
          resource: resource.id,
          position,
          content,
        }),
      );
      recordAudit(tx, principal, {
        action: 'knowledge.resource.create',
        targetType: 'knowledge_resource',
        targetId: resource.id,
        projectId,
        data: { source_kind: source.kind, source_url: source.url, chunks: chunks.length },
      });
      await tx.flush();
      return toResourceView(resource);
    });
  },
);

interface Source {
  kind: KnowledgeSourceKind;
  text: string;
  contentType: string;
  title: string | null;
  url: string | null;
}

/** A failed fetch is the caller's problem to fix (wrong address, private address, site down): 422, never 500. */
async function fetchSource(url: string, settings: FetchSettings): Promise<Source> {
  let response;
  try {
    response = await safeRequest(url, {
      allowedHosts: settings.allowedHosts,
      lookup: settings.lookup,
      maxBytes: MAX_FETCH_BYTES,
      headers: { accept: 'text/html, text/plain, text/markdown, application/json;q=0.9, */*;q=0.1' },
    });
  } catch (error) {
    if (error instanceof OutboundRequestError) {
      throw new DomainError('UNPROCESSABLE', `The URL could not be fetched: ${error.message}`, { issues: [{ field: 'url', message: error.message }] });
    }
    throw error;
  }
  if (response.status < 200 || response.status >= 300) {
    throw new DomainError('UNPROCESSABLE', `The URL answered ${response.status}`, { issues: [{ field: 'url', message: `answered ${response.status}` }] });
  }
  const contentType = (response.headers['content-type'] ?? 'text/plain').split(';')[0].trim().toLowerCase();
  if (contentType === 'text/html' || contentType === 'application/xhtml+xml') {
    const page = htmlToText(response.text);
    return { kind: 'url', text: page.text, contentType, title: page.title, url: response.url };
  }
  if (!contentType.startsWith('text/') && contentType !== 'application/json') {
    throw new DomainError('UNPROCESSABLE', `The URL answered ${contentType}; only HTML, text and JSON are indexed`, {
      issues: [{ field: 'url', message: `is ${contentType}, not text` }],
    });
  }
  return { kind: 'url', text: response.text, contentType, title: null, url: response.url };
}
