import { ListResourcesResponse, ResourceResponse, RetrieveResponse } from '../../modules/knowledge/knowledge.schemas.js';
import { createResource } from '../../modules/knowledge/create-resource.js';
import { listResources } from '../../modules/knowledge/list-resources.js';
import { retrieveContext } from '../../modules/knowledge/retrieve-context.js';
import { route } from '../route.js';
import { listAnswer } from '../../modules/paging.js';
import { ResourceDeleteParams, ResourceDeletedResponse } from '../../modules/deletes.schemas.js';
import { deleteResource } from '../../modules/knowledge/delete-resource.js';

const tag = 'Knowledge';

export const knowledgeRoutes = [
  route({
    method: 'post',
    path: '/v1/knowledge/resource/create',
    operationId: 'createKnowledgeResource',
    tag,
    summary: 'Add knowledge: text, an uploaded document (as text) or a URL to fetch',
    description:
      'Exactly one of text, document {content, content_type} or url. A URL is fetched through the safe outbound client ' +
      '(public addresses only, a few redirects, 5 MB); HTML is reduced to its text. The text is split into passages of ' +
      'about 800 characters and indexed for retrieve_context. A URL that cannot be fetched is a 422.',
    answers: { 422: 'There is no text to index, or the URL could not be fetched or is not HTML, text or JSON' },
    operation: createResource,
    takes: 'body',
    response: ResourceResponse,
    status: 201,
    handler: async ({ em, principal, body, deps }) => ({
      resource: await createResource(em, principal, body, { allowedHosts: deps.config.outbound.allowedHosts }),
    }),
  }),
  route({
    method: 'get',
    path: '/v1/knowledge/resource/list',
    operationId: 'listKnowledgeResources',
    tag,
    summary: 'The knowledge resources of a project, newest first',
    operation: listResources,
    takes: 'query',
    response: ListResourcesResponse,
    handler: async ({ em, principal, query }) => listAnswer('resources', await listResources(em, principal, query)),
  }),
  route({
    method: 'post',
    path: '/v1/knowledge/retrieve',
    operationId: 'retrieveContext',
    tag,
    summary: "The best passages of a project's knowledge for a query, with their source and rank",
    operation: retrieveContext,
    takes: 'body',
    response: RetrieveResponse,
    handler: async ({ em, principal, body }) => ({ passages: await retrieveContext(em, principal, body) }),
  }),
  route({
    method: 'delete',
    path: '/v1/knowledge/resource/delete/{resource_id}',
    operationId: 'deleteKnowledgeResource',
    tag,
    summary: 'Delete a knowledge resource and its chunks: retrieval stops finding it at once',
    operation: deleteResource,
    params: ResourceDeleteParams,
    response: ResourceDeletedResponse,
    handler: ({ em, principal, params }) => deleteResource(em, principal, params.resource_id),
  }),
];
