import { RunTestsResult } from '../../modules/quality/quality.schemas.js';
import { runTests } from '../../modules/quality/run-tests.js';
import { temporalAccess } from '../../modules/temporal-access.js';
import { defineTool } from '../tool.js';

/** An assistant wants the verdict, not an id to poll: wait this long unless told otherwise. */
const DEFAULT_WAIT_SECONDS = 30;

export const testRun = defineTool({
  name: 'test_run',
  title: 'Run tests',
  description:
    'Runs a test (test_id), or every test of an agent (agent_id), on the head of a branch (branch_id; default main) or ' +
    'on a version (version_id). Waits up to wait_seconds (default 30) and returns the outcome: status passed, failed ' +
    "or error, with the evaluation (every test's failed checks, pass rate, duration, cost). If it is still running " +
    'then, status is running: read it later with evaluation_get.',
  operation: runTests,
  input: {},
  output: RunTestsResult,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: (input, { em, principal, deps, progress }) =>
    runTests(em, principal, { ...input, wait_seconds: input.wait_seconds ?? DEFAULT_WAIT_SECONDS }, temporalAccess(deps), progress),
});
