import { ImportHttpSpecResponse } from '../../modules/tools/tools.schemas.js';
import { importHttpSpec } from '../../modules/tools/import-http-spec.js';
import { defineTool } from '../tool.js';

export const toolHttpImportSpec = defineTool({
  name: 'tool_http_import_spec',
  title: 'Import HTTP tools from an API spec',
  description:
    'Imports the operations of an OpenAPI 3.x document (JSON; give spec, or spec_url to fetch it) as tools agents can ' +
    'call: each operation (named by operationId, else method and path) takes its path, query and header parameters by ' +
    'name and its JSON request body as body. headers (e.g. Authorization) are sent with every call, stored encrypted ' +
    'and never shown again. Re-importing replaces tools of the same name. To let an agent call them, add the returned ' +
    'agent_tools entries to its tools with update_agent; each starts as ask (the caller confirms) unless permission says otherwise.',
  operation: importHttpSpec,
  input: {},
  output: ImportHttpSpecResponse,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  handler: (input, { em, principal, deps }) =>
    importHttpSpec(em, principal, input, { encryptionKey: deps.config.secrets.encryptionKey, allowedHosts: deps.config.outbound.allowedHosts }),
});
