import { ReleaseParams, ReleaseResponse } from '../../modules/releases/releases.schemas.js';
import { getRelease } from '../../modules/releases/get-release.js';
import { temporalAccess } from '../../modules/temporal-access.js';
import { defineTool } from '../tool.js';

export const releaseGet = defineTool({
  name: 'release_get',
  title: 'Get a release',
  description:
    'A release started with release_start: its status (running, awaiting_approval, succeeded, failed, aborted, ' +
    'rolled_back), the reason when it did not succeed (e.g. the guard breach), and every step (tests, preview, approval, ' +
    'merge, publish, rollout_<percent>) with its status, times, result and error; while it runs, live progress too.',
  operation: getRelease,
  input: ReleaseParams.shape,
  output: ReleaseResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async ({ agent_id, release_id }, { em, principal, deps }) => ({
    release: await getRelease(em, principal, agent_id, release_id, deps.temporal ? temporalAccess(deps) : undefined),
  }),
});
