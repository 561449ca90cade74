import { EvaluationIdParams, EvaluationResponse } from '../../modules/quality/quality.schemas.js';
import { getEvaluation } from '../../modules/quality/get-evaluation.js';
import { defineTool } from '../tool.js';

export const evaluationGet = defineTool({
  name: 'evaluation_get',
  title: 'Get an evaluation',
  description:
    "One run of a suite of tests (evaluation_id from test_run): its status, each test's outcome with the checks that " +
    "failed and why, the pass rate (0 to 1), the conversations' total duration in seconds and cost in micros.",
  operation: getEvaluation,
  input: EvaluationIdParams.shape,
  output: EvaluationResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async ({ evaluation_id }, { em, principal }) => ({ evaluation: await getEvaluation(em, principal, evaluation_id) }),
});
