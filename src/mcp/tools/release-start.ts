import { z } from 'zod';
import { ReleaseResponse, StartReleaseBody } from '../../modules/releases/releases.schemas.js';
import { START_RELEASE_NEEDS, startRelease } from '../../modules/releases/start-release.js';
import { getRelease } from '../../modules/releases/get-release.js';
import { isTerminal } from '../../modules/releases/release-access.js';
import { pollUntil } from '../../modules/progress.js';
import { permissionsOf } from '../../modules/org/permissions.js';
import { temporalAccess } from '../../modules/temporal-access.js';
import { defineTool } from '../tool.js';

export const releaseStart = defineTool({
  name: 'release_start',
  title: 'Start a release',
  description:
    "Releases a branch of an agent as a durable pipeline: runs the agent's required tests on the branch head, previews " +
    'the merge (stops on conflicts), waits for an approval if require_approval, merges, publishes, then optionally rolls ' +
    'out in stages (rollout.stages percent of callers, each held rollout.soak_seconds) while a guard compares the new ' +
    "version's error and transfer rates with the previous one; a breach puts every caller back on the previous version " +
    'and records why. Returns at once with the release (every step pending), or with wait_seconds once it finished or ' +
    'waits for approval (each step reported as progress); follow it with release_get. Give an ' +
    'idempotency_key to make a retry return the same release. Needs agents:publish and agents:write.',
  input: {
    ...StartReleaseBody.shape,
    wait_seconds: z
      .number()
      .int()
      .min(0)
      .max(600)
      .optional()
      .describe(
        'Wait up to this many seconds for the release to finish (or to wait for approval), reporting each step as progress; default 0: answer at once.',
      ),
  },
  output: ReleaseResponse,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  // With waitSeconds the tool reads the release's progress too: every permission is checked before anything starts.
  permission: [...permissionsOf(START_RELEASE_NEEDS), 'agents:read'],
  handler: async ({ wait_seconds: waitSeconds, ...input }, { em, principal, deps, progress }) => {
    const temporal = temporalAccess(deps);
    const release = await startRelease(em, principal, input, temporal);
    if (!waitSeconds) return { release };
    const settled = await pollUntil(
      () => getRelease(em.fork(), principal, release.agent_id, release.release_id, temporal),
      (r) => isTerminal(r.status) || r.status === 'awaiting_approval',
      waitSeconds * 1000,
      (r) => {
        const done = r.steps.filter((step) => step.finished_at !== null).length;
        const current = r.steps.find((step) => step.finished_at === null && step.started_at !== null);
        progress({ progress: done, total: r.steps.length, message: current ? `${current.name} (${current.status})` : r.status });
      },
      500,
    );
    return { release: settled };
  },
});
