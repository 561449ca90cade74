import {
  CreateTestRestBody,
  EvaluationIdParams,
  EvaluationResponse,
  ListTestsResponse,
  RunTestsResult,
  TestResponse,
  TestRunIdParams,
  TestRunResponse,
} from '../../modules/quality/quality.schemas.js';
import { ReleaseAgentParams } from '../../modules/releases/releases.schemas.js';
import { createTest } from '../../modules/quality/create-test.js';
import { listTests } from '../../modules/quality/list-tests.js';
import { runTests } from '../../modules/quality/run-tests.js';
import { getEvaluation } from '../../modules/quality/get-evaluation.js';
import { getTestRun } from '../../modules/quality/get-test-run.js';
import { temporalAccess } from '../../modules/temporal-access.js';
import { route } from '../route.js';
import { listAnswer } from '../../modules/paging.js';
import { TestDeleteParams, TestDeletedResponse } from '../../modules/deletes.schemas.js';
import { deleteTest } from '../../modules/quality/delete-test.js';
import { parseInput } from '../../modules/validation.js';

const tag = 'Tests and evaluations';

export const qualityRoutes = [
  route({
    method: 'post',
    path: '/v1/agent/{agent_id}/test/create',
    operationId: 'createTest',
    tag,
    summary: "Create a test: the customer's turns and checks of the agent's replies",
    description:
      'Checks: reply_contains, reply_matches, tool_called (arguments match as a subset), variable_equals, ended_with, ' +
      "transferred, judged (a rubric judged by the agent's openai-compatible model; skipped on simulated models). " +
      "A required test gates merges of the agent's branches. A name used by another test of the agent is a 409.",
    operation: createTest,
    params: ReleaseAgentParams,
    body: CreateTestRestBody,
    response: TestResponse,
    status: 201,
    handler: async ({ em, principal, params, body }) => ({
      test: await createTest(em, principal, parseInput(createTest.input, { ...body, agent_id: params.agent_id }, '')),
    }),
  }),
  route({
    method: 'get',
    path: '/v1/agent/{agent_id}/test/list',
    operationId: 'listTests',
    tag,
    summary: 'The tests of an agent, oldest first',
    operation: listTests,
    params: ReleaseAgentParams,
    takes: 'query',
    response: ListTestsResponse,
    handler: async ({ em, principal, params, query }) => listAnswer('tests', await listTests(em, principal, params.agent_id, query)),
  }),
  route({
    method: 'post',
    path: '/v1/test/run',
    operationId: 'runTests',
    tag,
    summary: 'Run a test, or every test of an agent, on a branch head or a version',
    description:
      'Starts a testRun workflow and answers 202 at once with the evaluation id and one test run id per test. With ' +
      'wait_seconds the answer waits up to that long and includes the evaluation when it finished. 503 without Temporal.',
    answers: {
      422: 'The agent has no tests to run, or the tests named do not belong to it',
      503: 'Temporal (the workflow service) is unreachable: nothing was started; retry after Retry-After',
    },
    operation: runTests,
    takes: 'body',
    response: RunTestsResult,
    status: 202,
    handler: ({ em, principal, body, deps }) => runTests(em, principal, body, temporalAccess(deps)),
  }),
  route({
    method: 'get',
    path: '/v1/test_run/retrieve/{test_run_id}',
    operationId: 'retrieveTestRun',
    tag,
    summary: "A test run: status, every check's outcome, the transcript, its session",
    operation: getTestRun,
    params: TestRunIdParams,
    response: TestRunResponse,
    handler: async ({ em, principal, params }) => ({ test_run: await getTestRun(em, principal, params.test_run_id) }),
  }),
  route({
    method: 'get',
    path: '/v1/evaluation/retrieve/{evaluation_id}',
    operationId: 'retrieveEvaluation',
    tag,
    summary: 'An evaluation: per-test outcomes, pass rate, duration and cost',
    operation: getEvaluation,
    params: EvaluationIdParams,
    response: EvaluationResponse,
    handler: async ({ em, principal, params }) => ({ evaluation: await getEvaluation(em, principal, params.evaluation_id) }),
  }),
  route({
    method: 'delete',
    path: '/v1/agent/{agent_id}/test/delete/{test_id}',
    operationId: 'deleteTest',
    tag,
    summary: 'Delete a test and its past runs',
    description: "A required test is also taken out of the agent's merge and release gate, which needs agents:publish as well (403 otherwise).",
    operation: deleteTest,
    params: TestDeleteParams,
    response: TestDeletedResponse,
    handler: ({ em, principal, params }) => deleteTest(em, principal, params.agent_id, params.test_id),
  }),
];
