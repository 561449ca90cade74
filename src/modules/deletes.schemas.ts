import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';

extendZodWithOpenApi(z);

const Id = (what: string) =>
  z
    .string()
    .min(1)
    .max(60)
    .regex(/^[A-Za-z0-9_-]+$/, 'an id such as mcp_01J...')
    .describe(what);

/** The path parameters and answers of the deletes of issue 13 item 4 (one shape: the id and `deleted: true`). */
export const McpServerDeleteParams = z.object({ mcp_server_id: Id('The MCP server (mcp_...).') });
export const ResourceDeleteParams = z.object({ resource_id: Id('The knowledge resource (kres_...).') });
export const TestDeleteParams = z.object({ agent_id: Id('The agent (agt_...).'), test_id: Id('The test (tst_...).') });

export const McpServerDeletedResponse = z.object({ mcp_server_id: z.string(), deleted: z.literal(true) }).openapi('McpServerDeletedResponse');
export const ResourceDeletedResponse = z.object({ resource_id: z.string(), deleted: z.literal(true) }).openapi('ResourceDeletedResponse');
export const TestDeletedResponse = z
  .object({
    test_id: z.string(),
    deleted: z.literal(true),
    was_required: z.boolean().describe("It was a required test: the agent's merge and release gate no longer includes it."),
  })
  .openapi('TestDeletedResponse');

export const ProjectDeleteParams = z.object({ project_id: Id('The project (prj_...).') });
export const ContactDeleteParams = z.object({ contact_id: Id('The contact (cnt_...).') });
export const HttpToolDeleteParams = z.object({ tool_id: Id('The HTTP tool (htl_...).') });

export const ProjectDeletedResponse = z.object({ project_id: z.string(), deleted: z.literal(true) }).openapi('ProjectDeletedResponse');
export const ContactDeletedResponse = z.object({ contact_id: z.string(), deleted: z.literal(true) }).openapi('ContactDeletedResponse');
export const HttpToolDeletedResponse = z.object({ tool_id: z.string(), deleted: z.literal(true) }).openapi('HttpToolDeletedResponse');
