import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { pageFields } from '../paging.js';

extendZodWithOpenApi(z);

export const TokenRequestBody = z
  .object({
    grant_type: z.literal('client_credentials').optional().describe('Optional; only client_credentials is supported.'),
    client_id: z.string().min(1).max(100).describe('The API client id (cli_...).'),
    client_secret: z.string().min(1).max(200).describe('The client secret shown once when the client was created.'),
  })
  .openapi('TokenRequestBody');
export type TokenRequestBody = z.infer<typeof TokenRequestBody>;

export const TokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().describe('Seconds until the token expires.'),
  })
  .openapi('TokenResponse');
export type TokenResponse = z.infer<typeof TokenResponse>;

export const ProjectView = z
  .object({
    project_id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('Project');
export type ProjectView = z.infer<typeof ProjectView>;

export const OrganizationView = z
  .object({
    organization_id: z.string(),
    name: z.string(),
    slug: z.string(),
    price_list: z.object({
      currency: z.string(),
      per_minute_micros: z.record(z.string(), z.number().int()),
      total_per_minute_micros: z.number().int(),
    }),
    projects: z.array(ProjectView),
    created_at: z.string(),
  })
  .openapi('Organization');
export type OrganizationView = z.infer<typeof OrganizationView>;

export const CreateProjectBody = z
  .object({
    name: z.string().trim().min(1).max(200).describe('Unique within the organization.'),
    description: z.string().max(2000).optional(),
  })
  .strict()
  .openapi('CreateProjectBody');
export type CreateProjectBody = z.infer<typeof CreateProjectBody>;

export const CreateProjectResponse = z.object({ project: ProjectView }).openapi('CreateProjectResponse');
export const OrganizationResponse = z.object({ organization: OrganizationView }).openapi('OrganizationResponse');

export const ApiClientView = z
  .object({
    client_id: z.string(),
    name: z.string(),
    role: z.string().describe('The role the client acts with in the organization.'),
    created_at: z.string(),
    last_used_at: z.string().nullable().describe('When it last got a token.'),
    revoked_at: z.string().nullable().describe('When it was revoked: its tokens are refused within seconds.'),
  })
  .openapi('ApiClient');
export type ApiClientView = z.infer<typeof ApiClientView>;
export const CreateApiClientBody = z
  .object({
    name: z.string().trim().min(1).max(200).describe('What the client is for, e.g. "CI deploys".'),
    role: z.string().min(1).max(40).optional().describe('One of owner, admin, developer, analyst, viewer; default viewer.'),
  })
  .strict()
  .openapi('CreateApiClientBody');
export const CreatedApiClientResponse = z
  .object({
    api_client: ApiClientView,
    client_secret: z.string().describe('Shown this once: store it now. POST /v1/auth/token takes it with client_id.'),
  })
  .openapi('CreatedApiClientResponse');
export const ApiClientResponse = z.object({ api_client: ApiClientView }).openapi('ApiClientResponse');
export const ListApiClientsResponse = z.object({ api_clients: z.array(ApiClientView), ...pageFields }).openapi('ListApiClientsResponse');
export const ApiClientParams = z.object({
  client_id: z
    .string()
    .min(1)
    .max(60)
    .regex(/^[A-Za-z0-9_-]+$/, 'an id such as cli_01J...')
    .describe('The API client (cli_...).'),
});
