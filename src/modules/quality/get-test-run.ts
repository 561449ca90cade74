import type { Em } from '../../db/orm.js';
import { notFound } from '../errors.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { TestRun } from './quality.entity.js';
import type { TestRunView } from './quality.schemas.js';
import { toTestRunView } from './quality-views.js';
import { scope } from './get-evaluation.js';

/** One test run with every check's outcome and the transcript. */
export const getTestRun = operation({ needs: 'tests:run' }, async (em: Em, principal: Principal, testRunId: string): Promise<TestRunView> => {
  const run = await em.findOne(TestRun, { id: testRunId, ...scope(principal) });
  if (!run) throw notFound('Test run', testRunId);
  return toTestRunView(run);
});
