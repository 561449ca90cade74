import { AgentIdParams } from '../../modules/agents/agents.schemas.js';
import { ListTestsResponse } from '../../modules/quality/quality.schemas.js';
import { listTests } from '../../modules/quality/list-tests.js';
import { listAnswer } from '../../modules/paging.js';
import { defineTool } from '../tool.js';

export const listTestsTool = defineTool({
  name: 'list_tests',
  title: "List an agent's tests",
  description:
    'The tests of an agent, oldest first: test_id, name, customer turns, checks, required (a required test ' +
    'gates merges and releases). Run them with test_run. Pages: pass next_cursor back as cursor.',
  operation: listTests,
  input: AgentIdParams.shape,
  output: ListTestsResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async ({ agent_id, ...page }, { em, principal }) => listAnswer('tests', await listTests(em, principal, agent_id, page)),
});
