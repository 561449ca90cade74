import { z } from 'zod';
import { CreateProjectBody, CreateProjectResponse, OrganizationResponse } from '../../modules/org/org.schemas.js';
import { getOrganization } from '../../modules/org/get-organization.js';
import { createProject } from '../../modules/org/create-project.js';
import { route } from '../route.js';

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
];
