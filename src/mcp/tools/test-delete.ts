import { TestDeleteParams, TestDeletedResponse } from '../../modules/deletes.schemas.js';
import { deleteTest } from '../../modules/quality/delete-test.js';
import { defineTool } from '../tool.js';

export const testDelete = defineTool({
  name: 'test_delete',
  title: 'Delete a test',
  description:
    "Deletes a test of an agent (list_tests) and its past runs. A required test is also taken out of the agent's " +
    'merge and release gate, which needs agents:publish as well; the answer says was_required.',
  operation: deleteTest,
  input: TestDeleteParams.shape,
  output: TestDeletedResponse,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler: ({ agent_id, test_id }, { em, principal }) => deleteTest(em, principal, agent_id, test_id),
});
