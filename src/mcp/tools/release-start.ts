import { ReleaseResponse, StartReleaseBody } from '../../modules/releases/releases.schemas.js';
import { startRelease } from '../../modules/releases/start-release.js';
import { temporalAccess } from '../../temporal/temporal-access.js';
import { defineTool } from '../tool.js';

export const releaseStart = defineTool({
  name: 'release_start',
  title: 'Start a release',
  description:
    'Releases a branch of an agent as a durable pipeline: runs the agent\'s required tests on the branch head, previews ' +
    'the merge (stops on conflicts), waits for an approval if require_approval, merges, publishes, then optionally rolls ' +
    'out in stages (rollout.stages percent of callers, each held rollout.soak_seconds) while a guard compares the new ' +
    'version\'s error and transfer rates with the previous one; a breach puts every caller back on the previous version ' +
    'and records why. Returns at once with the release (every step pending): follow it with release_get. Give an ' +
    'idempotency_key to make a retry return the same release. Needs agents:publish and agents:write.',
  input: StartReleaseBody.shape,
  output: ReleaseResponse,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  permission: 'agents:publish',
  handler: async (input, { em, principal, deps }) => ({ release: await startRelease(em, principal, input, temporalAccess(deps)) }),
});
