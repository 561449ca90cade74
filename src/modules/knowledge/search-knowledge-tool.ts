import { z } from 'zod';
import type { Tool, ToolPermission } from '../engine/tools.js';
import { searchPassages } from './retrieve-context.js';

const Args = z
  .object({
    query: z.string().trim().min(1).max(300).describe('What to look up in the knowledge base, in a few words.'),
    limit: z.number().int().min(1).max(5).optional().describe('How many passages, 1-5 (default 3).'),
  })
  .strict();
const { $schema: _ignored, ...inputSchema } = z.toJSONSchema(Args, { target: 'draft-7', io: 'input' }) as Record<string, unknown>;

/**
 * The built-in search_knowledge: the agent looks up its project's knowledge
 * resources (retrieve_context's search) and answers from the passages.
 * Offered when the version lists `{name: 'search_knowledge', kind: 'builtin'}`.
 */
export function searchKnowledgeTool(permission: ToolPermission): Tool {
  return {
    name: 'search_knowledge',
    description:
      'Search the knowledge base (documents, pages, notes of this business) for facts to answer the caller. Answer from the passages; say so when nothing fits.',
    inputSchema,
    permission,
    async invoke(args, context) {
      const parsed = Args.safeParse(args);
      if (!parsed.success) {
        return {
          status: 'failed',
          result: { error: 'invalid_arguments', message: parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ') },
        };
      }
      const passages = await searchPassages(context.em.fork(), context, parsed.data.query, parsed.data.limit ?? 3);
      return {
        status: 'succeeded',
        result: {
          passages: passages.map((p) => ({ source: p.resource_name, source_url: p.source_url, resource_id: p.resource_id, rank: p.rank, text: p.content })),
        },
      };
    },
  };
}
