import type { Em } from '../../db/orm.js';
import { notFound } from '../errors.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { Evaluation, TestRun } from './quality.entity.js';
import type { EvaluationView } from './quality.schemas.js';
import { toEvaluationView } from './quality-views.js';

export const scope = (principal: Principal) => ({
  organization: principal.organizationId,
  ...(principal.projectId ? { project: principal.projectId } : {}),
});

/** evaluation_get: a suite run with per-test outcomes, pass rate, duration and cost. */
export const getEvaluation = operation({ needs: 'tests:run' }, async (em: Em, principal: Principal, evaluationId: string): Promise<EvaluationView> => {
  const evaluation = await em.findOne(Evaluation, { id: evaluationId, ...scope(principal) });
  if (!evaluation) throw notFound('Evaluation', evaluationId);
  const runs = await em.find(TestRun, { evaluation: evaluation.id });
  return toEvaluationView(evaluation, runs);
});
