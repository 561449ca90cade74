import { z } from 'zod';
import { StartVoiceCloneBody, VoiceCloneResponse } from '../../modules/voices/voices.schemas.js';
import { startVoiceClone } from '../../modules/voices/start-voice-clone.js';
import { getVoiceClone } from '../../modules/voices/get-voice-clone.js';
import { pollUntil } from '../../modules/progress.js';
import { temporalAccess } from '../../modules/temporal-access.js';
import { defineTool } from '../tool.js';

export const voiceCloneStart = defineTool({
  name: 'voice_clone_start',
  title: 'Clone a voice from samples',
  description:
    'Starts a voice-clone job from recordings of one speaker (PCM WAV as base64 or as http(s) URLs; at least 10 s in total, ' +
    'at most 5 MiB per sample). Bad samples are refused at once, naming the sample. Answers at once (or, with wait_seconds, once it is ready ' +
    'or failed, its progress reported on the way) with the clone: status ' +
    'queued, then analysing, training, and ready (with voice_id) or failed (with error). Call again with the same ' +
    "idempotency_key to see its current status and progress. Once ready, list_voices shows it (kind cloned) and an agent's " +
    'voice setting can name it: {provider, voice_id}.',
  input: {
    ...StartVoiceCloneBody.shape,
    wait_seconds: z
      .number()
      .int()
      .min(0)
      .max(300)
      .optional()
      .describe('Wait up to this many seconds for the clone to be ready or to fail, reporting its progress (0-100); default 0: answer at once.'),
  },
  output: VoiceCloneResponse,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  // With waitSeconds the tool reads the clone's progress too: both are checked before anything starts.
  permission: ['agents:write', 'agents:read'],
  handler: async ({ wait_seconds: waitSeconds, ...input }, { em, principal, deps, progress }) => {
    const clone = await startVoiceClone(em, principal, input, temporalAccess(deps), { allowedHosts: deps.config.outbound.allowedHosts });
    if (!waitSeconds) return { voice_clone: clone };
    const settled = await pollUntil(
      () => getVoiceClone(em.fork(), principal, clone.voice_clone_id),
      (c) => c.status === 'ready' || c.status === 'failed',
      waitSeconds * 1000,
      (c) => progress({ progress: c.progress, total: 100, message: c.status }),
      500,
    );
    return { voice_clone: settled };
  },
});
