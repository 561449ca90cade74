import { RetrieveSessionResponse, SessionIdParams } from '../../modules/calls/calls.schemas.js';
import { getSessionJson } from '../../modules/calls/get-session.js';
import { defineTool, JsonText, scopedProject } from '../tool.js';

export const getCall = defineTool({
  name: 'get_call',
  title: 'Get a call',
  description:
    'One call session by session_id: status, end reason, caller, agent, duration, variables the agent collected, ' +
    "cost in micros, and every leg (the agent's, then any party it transferred to) with its transcript in order. " +
    "Transcript items that are tool calls carry a tool_call_id: read the call's details with get_call_tool_call.",
  input: SessionIdParams.shape,
  output: RetrieveSessionResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  permission: 'calls:read',
  // PostgreSQL builds the session's JSON (a SessionView), as for REST retrieve.
  handler: async ({ session_id }, { em, principal }) =>
    new JsonText(`{"session":${await getSessionJson(em, principal.organizationId, session_id, scopedProject(principal, undefined))}}`),
});
