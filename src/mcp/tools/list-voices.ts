import { ListVoicesResult } from '../../modules/telephony/telephony.schemas.js';
import { listVoices as list } from '../../modules/telephony/voices.js';
import { defineTool } from '../tool.js';

export const listVoices = defineTool({
  name: 'list_voices',
  title: 'List voices',
  description:
    "The voices an agent can speak with, per text-to-speech provider: provider, voice_id (what the agent's voice " +
    "setting names), name, language (BCP 47), gender and kind: stock catalogue voices, then the organization's cloned " +
    'voices (voice_clone_start) once ready. Filter by provider or language prefix (en, en-GB).',
  operation: list,
  input: {},
  output: ListVoicesResult,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (input, { em, principal }) => list(em, principal, input),
});
