import { RetrieveToolCallResponse, ToolCallParams } from '../../modules/calls/calls.schemas.js';
import { getToolCall } from '../../modules/calls/get-tool-call.js';
import { defineTool, scopedProject } from '../tool.js';

export const getCallToolCall = defineTool({
  name: 'get_call_tool_call',
  title: 'Get a tool call of a call',
  description:
    'What the agent sent to one of its tools during a call and what came back (both JSON-encoded), with status ' +
    "and duration. The ids come from get_call: the leg's leg_id and the tool_call_id of a transcript item.",
  input: ToolCallParams.shape,
  output: RetrieveToolCallResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  permission: 'calls:read',
  handler: async (ids, { em, principal }) => ({
    tool_call: await getToolCall(em, principal.organizationId, ids, scopedProject(principal, undefined)),
  }),
});
