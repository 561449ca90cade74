import { ResourceDeleteParams, ResourceDeletedResponse } from '../../modules/deletes.schemas.js';
import { deleteResource } from '../../modules/knowledge/delete-resource.js';
import { defineTool } from '../tool.js';

export const resourceDelete = defineTool({
  name: 'resource_delete',
  title: 'Delete a knowledge resource',
  description: 'Deletes a knowledge resource (list_knowledge_resources) and its chunks: retrieve_context and the agents stop finding it at once.',
  operation: deleteResource,
  input: ResourceDeleteParams.shape,
  output: ResourceDeletedResponse,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler: ({ resource_id }, { em, principal }) => deleteResource(em, principal, resource_id),
});
