import { z } from 'zod';
import {
  ApiClientParams,
  ApiClientResponse,
  CreatedApiClientResponse,
  CreateProjectBody,
  CreateProjectResponse,
  ListApiClientsResponse,
  OrganizationResponse,
} from '../../modules/org/org.schemas.js';
import { createOrgApiClient, listApiClients, revokeOrgApiClient } from '../../modules/org/manage-api-clients.js';
import { listAnswer } from '../../modules/paging.js';
import { getOrganization } from '../../modules/org/get-organization.js';
import { createProject } from '../../modules/org/create-project.js';
import { route } from '../route.js';
import { deleteProject } from '../../modules/org/delete-project.js';
import { ProjectDeleteParams, ProjectDeletedResponse } from '../../modules/deletes.schemas.js';

export const orgRoutes = [
  route({
    method: 'get',
    path: '/v1/organization/retrieve',
    operationId: 'retrieveOrganization',
    summary: 'The organization of the token, with its projects and price list',
    tag: 'Organization',
    permission: 'org:read',
    query: z.object({}).strict(),
    response: OrganizationResponse,
    handler: async ({ em, principal }) => ({ organization: await getOrganization(em, principal.organizationId) }),
  }),
  route({
    method: 'post',
    path: '/v1/project/create',
    operationId: 'createProject',
    summary: 'Create a project in the organization',
    tag: 'Organization',
    permission: 'org:manage',
    body: CreateProjectBody,
    response: CreateProjectResponse,
    status: 201,
    handler: async ({ em, principal, body }) => ({ project: await createProject(em, principal, body) }),
  }),
  route({
    method: 'delete',
    path: '/v1/project/delete/{project_id}',
    operationId: 'deleteProject',
    summary: 'Delete an empty project',
    description:
      'Refused with 409 while the project holds agents (archived ones too: their calls are records), HTTP tools, ' +
      "knowledge resources or integration connections (in_use_by names them), and for the organization's only project.",
    tag: 'Organization',
    operation: deleteProject,
    params: ProjectDeleteParams,
    response: ProjectDeletedResponse,
    handler: ({ em, principal, params }) => deleteProject(em, principal, params.project_id),
  }),
  route({
    method: 'get',
    path: '/v1/api_client/list',
    operationId: 'listApiClients',
    summary: "The organization's REST API clients, newest first, without their secrets",
    tag: 'Organization',
    operation: listApiClients,
    takes: 'query',
    response: ListApiClientsResponse,
    handler: async ({ em, principal, query }) => listAnswer('api_clients', await listApiClients(em, principal, query)),
  }),
  route({
    method: 'post',
    path: '/v1/api_client/create',
    operationId: 'createApiClient',
    summary: 'Create a REST API client: its secret is in this answer only',
    description:
      'The answer carries client_secret once: only its hash is stored. POST /v1/auth/token exchanges client_id and ' +
      'client_secret for a bearer token. The role defaults to viewer; nobody creates a client with a role holding ' +
      'permissions they lack, and only an owner creates an owner client.',
    tag: 'Organization',
    operation: createOrgApiClient,
    takes: 'body',
    response: CreatedApiClientResponse,
    status: 201,
    handler: ({ em, principal, body }) => createOrgApiClient(em, principal, body),
  }),
  route({
    method: 'post',
    path: '/v1/api_client/revoke/{client_id}',
    operationId: 'revokeApiClient',
    summary: 'Revoke a REST API client: it gets no new token, and its tokens are refused within seconds',
    tag: 'Organization',
    operation: revokeOrgApiClient,
    params: ApiClientParams,
    response: ApiClientResponse,
    handler: async ({ em, principal, params }) => ({ api_client: await revokeOrgApiClient(em, principal, params.client_id) }),
  }),
];
