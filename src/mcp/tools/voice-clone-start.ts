import { StartVoiceCloneBody, VoiceCloneResponse } from '../../modules/voices/voices.schemas.js';
import { startVoiceClone } from '../../modules/voices/start-voice-clone.js';
import { temporalAccess } from '../../temporal/temporal-access.js';
import { defineTool } from '../tool.js';

export const voiceCloneStart = defineTool({
  name: 'voice_clone_start',
  title: 'Clone a voice from samples',
  description:
    'Starts a voice-clone job from recordings of one speaker (PCM WAV as base64 or as http(s) URLs; at least 10 s in total, ' +
    'at most 5 MiB per sample). Bad samples are refused at once, naming the sample. Answers at once with the clone: status ' +
    'queued, then analysing, training, and ready (with voice_id) or failed (with error). Call again with the same ' +
    'idempotency_key to see its current status and progress. Once ready, list_voices shows it (kind cloned) and an agent\'s ' +
    'voice setting can name it: {provider, voice_id}.',
  input: StartVoiceCloneBody.shape,
  output: VoiceCloneResponse,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  permission: 'agents:write',
  handler: async (input, { em, principal, deps }) => ({
    voice_clone: await startVoiceClone(em, principal, input, temporalAccess(deps), { allowedHosts: deps.config.outbound.allowedHosts }),
  }),
});
