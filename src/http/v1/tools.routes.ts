import { ImportHttpSpecResponse, ListHttpToolsResponse } from '../../modules/tools/tools.schemas.js';
import { importHttpSpec } from '../../modules/tools/import-http-spec.js';
import { listHttpTools } from '../../modules/tools/list-http-tools.js';
import { route } from '../route.js';
import { deleteHttpTool } from '../../modules/tools/delete-http-tool.js';
import { HttpToolDeleteParams, HttpToolDeletedResponse } from '../../modules/deletes.schemas.js';
import { listAnswer } from '../../modules/paging.js';

const tag = 'Tools';

export const toolsRoutes = [
  route({
    method: 'post',
    path: '/v1/tool/http/import',
    operationId: 'importHttpToolSpec',
    tag,
    summary: 'Import the operations of an OpenAPI 3.x document (JSON) as HTTP tools',
    description:
      'spec (the document) or spec_url (fetched through the safe outbound client). Each operation becomes a tool whose ' +
      'input schema holds its path, query and header parameters and its JSON body under body; the URL is servers[0].url ' +
      'plus the path. headers (auth) are stored encrypted and never returned. A name the project has is replaced. The ' +
      'answer lists agent_tools entries (kind http, permission ask unless set) to add to an agent with update_agent.',
    answers: { 422: 'The spec could not be fetched or is not an OpenAPI 3.x JSON document' },
    operation: importHttpSpec,
    takes: 'body',
    response: ImportHttpSpecResponse,
    status: 201,
    handler: ({ em, principal, body, deps }) =>
      importHttpSpec(em, principal, body, { encryptionKey: deps.config.secrets.encryptionKey, allowedHosts: deps.config.outbound.allowedHosts }),
  }),
  route({
    method: 'get',
    path: '/v1/tool/http/list',
    operationId: 'listHttpTools',
    tag,
    summary: 'The HTTP tools of a project, in the order imported (stored header values are never shown)',
    operation: listHttpTools,
    takes: 'query',
    response: ListHttpToolsResponse,
    handler: async ({ em, principal, query }) => listAnswer('tools', await listHttpTools(em, principal, query)),
  }),
  route({
    method: 'delete',
    path: '/v1/tool/http/delete/{tool_id}',
    operationId: 'deleteHttpTool',
    tag,
    summary: 'Delete an imported HTTP tool',
    description:
      "Refused with 409 while an agent's live version or an open branch head lists the tool (in_use_by names the " +
      'agents): remove the entry with agent/update first.',
    operation: deleteHttpTool,
    params: HttpToolDeleteParams,
    response: HttpToolDeletedResponse,
    handler: ({ em, principal, params }) => deleteHttpTool(em, principal, params.tool_id),
  }),
];
