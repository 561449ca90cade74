import { RetrieveResponse } from '../../modules/knowledge/knowledge.schemas.js';
import { retrieveContext as retrieve } from '../../modules/knowledge/retrieve-context.js';
import { defineTool } from '../tool.js';

export const retrieveContext = defineTool({
  name: 'retrieve_context',
  title: 'Search knowledge',
  description:
    "The passages of the project's knowledge resources that best match a query, best first: each with its resource " +
    '(id, name, source URL), its position, its rank and a snippet with the matching words marked. Full-text search ' +
    '(English stemming); web-search syntax works: "quoted phrase", -excluded, or.',
  operation: retrieve,
  input: {},
  output: RetrieveResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (input, { em, principal }) => ({ passages: await retrieve(em, principal, input) }),
});
