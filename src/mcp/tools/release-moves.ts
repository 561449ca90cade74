import { z } from 'zod';
import { ReleaseParams, ReleaseResponse } from '../../modules/releases/releases.schemas.js';
import { controlRelease, RELEASE_MOVES, type ReleaseMoveName } from '../../modules/releases/control-release.js';
import { temporalAccess } from '../../modules/temporal-access.js';
import { defineTool, type Tool } from '../tool.js';

const WHAT: Record<ReleaseMoveName, { title: string; description: string; destructive: boolean }> = {
  approve: {
    title: 'Approve a release',
    description: 'Approves a release waiting at its approval gate (release_start with require_approval): it goes on to merge and publish.',
    destructive: false,
  },
  pause: { title: 'Pause a release', description: 'Pauses a running release before its next step (a rollout stage holds its split).', destructive: false },
  resume: { title: 'Resume a release', description: 'Resumes a paused release from where it stopped.', destructive: false },
  abort: {
    title: 'Abort a release',
    description: 'Aborts a release: what it published is undone (the previous live version and split come back).',
    destructive: true,
  },
  rollback: { title: 'Roll a release back', description: 'Rolls a published release back: the previous live version and split come back.', destructive: true },
};

/** One tool per release move, as REST has one route per move: `release_<move>`. */
export const releaseMoveTools: Tool[] = RELEASE_MOVES.map((move) =>
  defineTool({
    name: `release_${move}`,
    title: WHAT[move].title,
    description:
      `${WHAT[move].description} A move the release cannot make now (approve with nothing waiting, roll back before ` +
      'publishing, anything once it finished) is refused saying why. The reason, if given, is recorded with the release.',
    operation: controlRelease,
    input: { ...ReleaseParams.shape, reason: z.string().trim().min(1).max(500).optional().describe('Why, recorded with the release.') },
    output: ReleaseResponse,
    annotations: { readOnlyHint: false, destructiveHint: WHAT[move].destructive, idempotentHint: false, openWorldHint: false },
    handler: async ({ agent_id, release_id, reason }, { em, principal, deps }) => ({
      release: await controlRelease(em, principal, { agentId: agent_id, releaseId: release_id, move, reason }, temporalAccess(deps)),
    }),
  }),
);
