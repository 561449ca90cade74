import { TestResponse } from '../../modules/quality/quality.schemas.js';
import { createTest } from '../../modules/quality/create-test.js';
import { defineTool } from '../tool.js';

export const testCreate = defineTool({
  name: 'test_create',
  title: 'Create a test',
  description:
    "Creates a test of an agent: a scripted conversation (the customer's turns, in order) and checks of what the agent " +
    'did: reply_contains {text, turn?}, reply_matches {pattern, flags?, turn?}, tool_called {name, arguments? (subset ' +
    'match)}, variable_equals {key, value}, ended_with {end_reason}, transferred {to?}, judged {rubric} (judged by the ' +
    "agent's openai-compatible model; skipped on simulated models). required: true makes it part of the merge gate: " +
    'branches merge only after their head passed it. Run it with test_run.',
  operation: createTest,
  input: {},
  output: TestResponse,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: async (input, { em, principal }) => ({ test: await createTest(em, principal, input) }),
});
