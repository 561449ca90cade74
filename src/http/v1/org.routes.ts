import { z } from 'zod';
import { CreateProjectBody, CreateProjectResponse, OrganizationResponse } from '../../modules/org/org.schemas.js';
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
];
