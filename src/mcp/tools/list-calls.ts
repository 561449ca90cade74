import { ListSessionsQuery, ListSessionsResponse } from '../../modules/calls/calls.schemas.js';
import { listSessions } from '../../modules/calls/list-sessions.js';
import { defineTool, scopedProject } from '../tool.js';

export const listCalls = defineTool({
  name: 'list_calls',
  title: 'List calls',
  description:
    'Lists call sessions (phone or web conversations of the voice agents), newest first, each with its legs, ' +
    'transcripts, variables, summaries and cost in micros (millionths of the currency unit). ' +
    'Each session has a kind: live (a call with a real party), test (a test run) or simulation (a simulated call). ' +
    'Filter by start time, agent, status, end reason, direction or kind. When has_more is true, call again with cursor set to ' +
    'next_cursor and the same filters for the next page.',
  input: ListSessionsQuery.shape,
  output: ListSessionsResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  permission: 'calls:read',
  handler: (input, { em, principal }) => listSessions(em, principal.organizationId, { ...input, project_id: scopedProject(principal, input.project_id) }),
});
