import { HttpToolDeleteParams, HttpToolDeletedResponse } from '../../modules/deletes.schemas.js';
import { deleteHttpTool } from '../../modules/tools/delete-http-tool.js';
import { defineTool } from '../tool.js';

export const toolHttpDelete = defineTool({
  name: 'tool_http_delete',
  title: 'Delete an imported HTTP tool',
  description:
    "Deletes an HTTP tool (its id is in tool_http_import_spec's answer and in update_agent tool entries as " +
    "config.http_tool_id). Refused while an agent's live version or open branch head lists it: the error names the agents (in_use_by).",
  operation: deleteHttpTool,
  input: HttpToolDeleteParams.shape,
  output: HttpToolDeletedResponse,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler: ({ tool_id }, { em, principal }) => deleteHttpTool(em, principal, tool_id),
});
