import { VoiceCloneParams, VoiceCloneResponse } from '../../modules/voices/voices.schemas.js';
import { getVoiceClone } from '../../modules/voices/get-voice-clone.js';
import { defineTool } from '../tool.js';

export const voiceCloneGet = defineTool({
  name: 'voice_clone_get',
  title: 'Get a voice clone',
  description:
    'A voice clone started with voice_clone_start: status (queued, analysing, training, ready, failed), ' +
    "progress 0-100, and once ready the voice_id an agent's voice setting names (with the clone's provider).",
  input: VoiceCloneParams.shape,
  output: VoiceCloneResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  operation: getVoiceClone,
  handler: async ({ voice_clone_id }, { em, principal }) => ({ voice_clone: await getVoiceClone(em, principal, voice_clone_id) }),
});
