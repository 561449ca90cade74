import { ListResourcesResponse } from '../../modules/knowledge/knowledge.schemas.js';
import { listResources } from '../../modules/knowledge/list-resources.js';
import { listAnswer } from '../../modules/paging.js';
import { defineTool } from '../tool.js';

export const listKnowledgeResourcesTool = defineTool({
  name: 'list_knowledge_resources',
  title: 'List knowledge resources',
  description:
    "The knowledge resources of a project (default: the sign-in's project), newest first: id, name, source, " +
    'characters, chunks. Add one with resource_create; search them with retrieve_context. Pages: pass ' +
    'next_cursor back as cursor.',
  operation: listResources,
  input: {},
  output: ListResourcesResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (input, { em, principal }) => listAnswer('resources', await listResources(em, principal, input)),
});
