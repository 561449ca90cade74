/**
 * Workflow ids are business keys, built here and nowhere else (CONVENTIONS
 * rule 6): one release has one pipeline, one evaluation has one test run, so
 * starting either twice finds the one that exists instead of making a second.
 * This file lives beside the workflows because a workflow starts its child
 * by id and may import nothing but workflow files; src/temporal re-exports it.
 */
export const workflowIds = {
  release: (releaseId: string) => `release/${releaseId}`,
  testRun: (evaluationId: string) => `test-run/${evaluationId}`,
  /** One delivery (with its retries) of one event to one trigger; a re-send is a new run, so a new workflow. */
  triggerRun: (runId: string) => `trigger-run/${runId}`,
};
