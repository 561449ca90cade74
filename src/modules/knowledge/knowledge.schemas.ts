import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { pageFields, pageQuery } from '../paging.js';

extendZodWithOpenApi(z);

/** Knowledge resources and retrieval: one schema per payload, shared by REST, MCP and the OpenAPI document. */

const ProjectId = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[A-Za-z0-9_-]+$/, 'a project id such as prj_01J...')
  .describe("The project the knowledge belongs to; default: the sign-in's project, else the organization's first.");

/** A resource is at most this long (about 300 pages of text); longer documents are split by the caller. */
export const MAX_RESOURCE_CHARS = 1_000_000;

export const CreateResourceBody = z
  .object({
    name: z.string().trim().min(1).max(200).optional().describe('A name for the resource; default: the URL, or the start of the text.'),
    text: z.string().min(1).max(MAX_RESOURCE_CHARS).optional().describe('The knowledge as plain text.'),
    document: z
      .object({
        content: z.string().min(1).max(MAX_RESOURCE_CHARS).describe("The document's text content (markdown, plain text or JSON)."),
        content_type: z.enum(['text/markdown', 'text/plain', 'application/json']).describe('What the content is.'),
        filename: z.string().trim().min(1).max(200).optional().describe("The uploaded file's name."),
      })
      .strict()
      .optional()
      .describe('An uploaded document, as text.'),
    url: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional()
      .describe('A web page or text file to fetch (public addresses only); HTML is reduced to its text.'),
    project_id: ProjectId.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const given = [value.text, value.document, value.url].filter((v) => v !== undefined).length;
    if (given !== 1) ctx.addIssue({ code: 'custom', path: [], message: 'give exactly one of text, document or url' });
  })
  .describe('A knowledge resource: exactly one of text, document or url.')
  .openapi('CreateResourceBody');
export type CreateResourceBody = z.infer<typeof CreateResourceBody>;

export const ResourceView = z
  .object({
    id: z.string().describe('The resource id (res_...).'),
    project_id: z.string(),
    name: z.string(),
    source_kind: z.enum(['text', 'document', 'url']),
    source_url: z.string().nullable(),
    content_type: z.string(),
    characters: z.number().int(),
    chunks: z.number().int().describe('How many passages it was split into.'),
    created_at: z.string(),
  })
  .openapi('KnowledgeResource');
export type ResourceView = z.infer<typeof ResourceView>;

export const ResourceResponse = z.object({ resource: ResourceView }).openapi('KnowledgeResourceResponse');
export const ListResourcesQuery = z.object({ project_id: ProjectId.optional(), ...pageQuery }).strict();
export const ListResourcesResponse = z.object({ resources: z.array(ResourceView), ...pageFields }).openapi('ListKnowledgeResourcesResponse');

export const RetrieveBody = z
  .object({
    query: z.string().trim().min(1).max(500).describe('What to look for, in words (web-search syntax: "quoted phrases", -excluded, or).'),
    limit: z.number().int().min(1).max(20).default(5).describe('How many passages at most (1-20, default 5).'),
    project_id: ProjectId.optional(),
  })
  .strict()
  .openapi('RetrieveContextBody');
export type RetrieveBody = z.input<typeof RetrieveBody>;

export const Passage = z
  .object({
    resource_id: z.string(),
    resource_name: z.string(),
    source_url: z.string().nullable().describe('Where the resource was fetched from, for url resources.'),
    position: z.number().int().describe("The passage's place in its resource, from 0."),
    rank: z.number().describe('Relevance (ts_rank_cd); higher is better.'),
    snippet: z.string().describe('The matching words in context, matches marked with <b></b>.'),
    content: z.string().describe('The whole passage.'),
  })
  .openapi('KnowledgePassage');
export type Passage = z.infer<typeof Passage>;
export const RetrieveResponse = z.object({ passages: z.array(Passage) }).openapi('RetrieveContextResponse');
