import { ListSpeechProvidersResponse, SpeechProviderResponse } from '../../modules/speech/speech.schemas.js';
import { createSpeechProvider } from '../../modules/speech/create-speech-provider.js';
import { listSpeechProviders } from '../../modules/speech/list-speech-providers.js';
import { engineSettingsFrom } from '../../modules/engine/engine-settings.js';
import { route, type Route } from '../route.js';
import { listAnswer } from '../../modules/paging.js';

export const speechRoutes: Route[] = [
  route({
    method: 'post',
    path: '/v1/speech_provider/create',
    operationId: 'createSpeechProvider',
    tag: 'Speech providers',
    summary: 'Register a speech provider (Deepgram, ElevenLabs or an OpenAI-compatible audio API) with its API key',
    description:
      "The API key is stored encrypted and never returned. Live calls speak through the provider that matches the agent's " +
      'voice provider (elevenlabs voices through an elevenlabs provider, openai voices through an openai-compatible one) and ' +
      "recognise speech through a deepgram provider, else an openai-compatible one with stt_model; otherwise the platform's " +
      'offline speech. A base URL on a private or loopback address is refused.',
    operation: createSpeechProvider,
    takes: 'body',
    response: SpeechProviderResponse,
    status: 201,
    handler: async ({ deps, em, principal, body }) => ({
      speech_provider: await createSpeechProvider(em, principal, body, engineSettingsFrom(deps.config)),
    }),
  }),
  route({
    method: 'get',
    path: '/v1/speech_provider/list',
    operationId: 'listSpeechProviders',
    tag: 'Speech providers',
    summary: "The organization's speech providers (never their keys)",
    operation: listSpeechProviders,
    takes: 'query',
    response: ListSpeechProvidersResponse,
    handler: async ({ em, principal, query }) => listAnswer('speech_providers', await listSpeechProviders(em, principal, query)),
  }),
];
