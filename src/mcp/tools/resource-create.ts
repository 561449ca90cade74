import { ResourceResponse } from '../../modules/knowledge/knowledge.schemas.js';
import { createResource } from '../../modules/knowledge/create-resource.js';
import { defineTool } from '../tool.js';

export const resourceCreate = defineTool({
  name: 'resource_create',
  title: 'Add knowledge',
  description:
    'Adds a knowledge resource agents can search: exactly one of text, document {content, content_type: text/markdown, ' +
    'text/plain or application/json} or url (a public web page or text file, fetched now; HTML is reduced to text). ' +
    'It is split into passages and indexed; find passages with retrieve_context, and let an agent search it by listing ' +
    'the built-in tool search_knowledge in its tools.',
  operation: createResource,
  input: {},
  output: ResourceResponse,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  handler: async (input, { em, principal, deps }) => ({
    resource: await createResource(em, principal, input, { allowedHosts: deps.config.outbound.allowedHosts }),
  }),
});
