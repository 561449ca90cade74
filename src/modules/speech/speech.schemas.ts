import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { SPEECH_PROVIDER_KINDS } from './speech.entity.js';
import { plainBaseUrl } from '../url-schemas.js';
import { pageFields } from '../paging.js';

extendZodWithOpenApi(z);

const Model = (what: string) => z.string().trim().min(1).max(200).optional().describe(what);

export const CreateSpeechProviderBody = z
  .object({
    name: z.string().trim().min(1).max(100).describe('Unique within the organization, e.g. "deepgram" or "eleven".'),
    kind: z
      .enum(SPEECH_PROVIDER_KINDS)
      .describe(
        'deepgram: live speech recognition (WebSocket); elevenlabs: streaming synthesis for voices of provider elevenlabs; ' +
          'openai-compatible: /audio/speech for voices of provider openai, and /audio/transcriptions when stt_model is set.',
      ),
    base_url: plainBaseUrl(' (the API key goes in api_key)')
      .optional()
      .describe(
        "Only to reach another address than the service's public one (a proxy, a self-hosted server); for openai-compatible up to and without /audio/speech.",
      ),
    api_key: z.string().trim().min(1).max(4096).describe('Stored encrypted and never returned.'),
    stt_model: Model('Recognition model (deepgram default nova-3). An openai-compatible provider recognises speech only when this is set.'),
    tts_model: Model('Synthesis model (elevenlabs default eleven_flash_v2_5, openai-compatible default gpt-4o-mini-tts).'),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.kind === 'deepgram' && body.tts_model !== undefined)
      ctx.addIssue({ code: 'custom', path: ['tts_model'], message: 'deepgram is used for recognition only' });
    if (body.kind === 'elevenlabs' && body.stt_model !== undefined)
      ctx.addIssue({ code: 'custom', path: ['stt_model'], message: 'elevenlabs is used for synthesis only' });
  })
  .openapi('CreateSpeechProviderBody');
export type CreateSpeechProviderBody = z.input<typeof CreateSpeechProviderBody>;

export const SpeechProviderView = z
  .object({
    speech_provider_id: z.string(),
    name: z.string(),
    kind: z.enum(SPEECH_PROVIDER_KINDS),
    base_url: z.string().nullable().describe("Null: the service's public address."),
    stt_model: z.string().nullable(),
    tts_model: z.string().nullable(),
    has_api_key: z.literal(true).describe('The key is stored encrypted; it is never returned.'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('SpeechProvider');
export type SpeechProviderView = z.input<typeof SpeechProviderView>;

export const SpeechProviderResponse = z.object({ speech_provider: SpeechProviderView }).openapi('SpeechProviderResponse');
export const ListSpeechProvidersResponse = z.object({ speech_providers: z.array(SpeechProviderView), ...pageFields }).openapi('ListSpeechProvidersResponse');
