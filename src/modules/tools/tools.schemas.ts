import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { pageFields, pageQuery } from '../paging.js';

extendZodWithOpenApi(z);

/** HTTP tools imported from API specs: one schema per payload, shared by REST, MCP and the OpenAPI document. */

const Id = (what: string) =>
  z
    .string()
    .min(1)
    .max(60)
    .regex(/^[A-Za-z0-9_-]+$/, 'an id such as agt_01J...')
    .describe(what);
const HeaderName = z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/, 'a header name');

export const ImportHttpSpecBody = z
  .object({
    spec: z
      .union([z.record(z.string(), z.unknown()), z.string().min(2).max(2_000_000)])
      .optional()
      .describe('The OpenAPI 3.x document, as a JSON object or JSON text (YAML is not accepted: convert it to JSON first).'),
    spec_url: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional()
      .describe('Where to fetch the OpenAPI 3.x JSON document from (public addresses only); relative server URLs resolve against it.'),
    operations: z
      .array(z.string().min(1).max(200))
      .min(1)
      .max(100)
      .optional()
      .describe('Import only these operations (operationId, or "METHOD /path"); default: every operation.'),
    headers: z
      .record(
        HeaderName,
        z
          .string()
          .max(4000)
          .regex(/^[^\r\n]*$/, 'must not contain line breaks'),
      )
      .optional()
      .describe('Headers sent with every call (auth: Authorization, X-Api-Key, ...). Stored encrypted, never returned.'),
    permission: z
      .enum(['allow', 'ask', 'block'])
      .default('ask')
      .describe('The permission attached tools get by default: ask (the caller confirms first; the default), allow or block.'),
    agent_id: Id('The agent these tools are for (recorded on the tools; attach them with update_agent).').optional(),
    project_id: Id("The project; default: the sign-in's project, else the organization's first.").optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if ((value.spec === undefined) === (value.spec_url === undefined))
      ctx.addIssue({ code: 'custom', path: [], message: 'give exactly one of spec or spec_url' });
  })
  .describe('An OpenAPI 3.x document to import as HTTP tools: spec or spec_url.')
  .openapi('ImportHttpSpecBody');
export type ImportHttpSpecBody = z.input<typeof ImportHttpSpecBody>;

export const HttpToolView = z
  .object({
    id: z.string().describe('The HTTP tool id (htl_...).'),
    project_id: z.string(),
    agent_id: z.string().nullable(),
    name: z.string().describe('The tool name the model calls.'),
    description: z.string(),
    method: z.string(),
    url_template: z.string().describe('The server URL and path, with {path parameters}.'),
    input_schema: z.record(z.string(), z.unknown()).describe('JSON Schema of the arguments: parameters by name, the JSON request body under body.'),
    header_names: z.array(z.string()).describe('Which headers are stored (their values never leave the platform).'),
    permission: z.enum(['allow', 'ask', 'block']),
    source_url: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('HttpTool');
export type HttpToolView = z.infer<typeof HttpToolView>;

const AgentToolEntry = z.object({
  name: z.string(),
  kind: z.literal('http'),
  permission: z.enum(['allow', 'ask', 'block']),
  config: z.object({ http_tool_id: z.string() }),
});

export const ImportHttpSpecResponse = z
  .object({
    tools: z.array(HttpToolView),
    agent_tools: z.array(AgentToolEntry).describe("Entries to add to an agent version's tools (update_agent) to let it call these."),
  })
  .openapi('ImportHttpSpecResponse');

export const ListHttpToolsQuery = z
  .object({
    project_id: Id('The project; default as for import.').optional(),
    agent_id: Id('Only the tools imported for this agent.').optional(),
    ...pageQuery,
  })
  .strict();
export const ListHttpToolsResponse = z.object({ tools: z.array(HttpToolView), ...pageFields }).openapi('ListHttpToolsResponse');
