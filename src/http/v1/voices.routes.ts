import { ListVoiceClonesResponse, VoiceCloneParams, VoiceCloneResponse } from '../../modules/voices/voices.schemas.js';
import { startVoiceClone } from '../../modules/voices/start-voice-clone.js';
import { getVoiceClone } from '../../modules/voices/get-voice-clone.js';
import { listVoiceClones } from '../../modules/voices/list-voice-clones.js';
import { temporalAccess } from '../../modules/temporal-access.js';
import { route, type Route } from '../route.js';
import { listAnswer } from '../../modules/paging.js';

const tag = 'Voices';

export const voiceRoutes: Route[] = [
  route({
    method: 'post',
    path: '/v1/voice/clone',
    operationId: 'startVoiceClone',
    tag,
    summary: 'Clone a voice from recordings of a speaker: a job that analyses the samples and trains the voice',
    description:
      'Samples are PCM WAV, as base64 in the body or http(s) URLs fetched once (the body is at most 1 MiB, so long recordings go ' +
      'by URL). Bad samples (not WAV, not PCM, under 10 s in total, over 5 MiB each, bad base64) are refused at once with the ' +
      'sample named. Answers 202 with the clone (status queued); follow it with retrieve: queued → analysing → training → ready ' +
      '(then it is listed by GET /v1/voice/list with kind cloned) or failed. Send an Idempotency-Key header to make a retry ' +
      'return the same clone. 503 without Temporal.',
    answers: { 422: 'The samples cannot make a voice (too short, unreadable)', 503: 'Temporal or the voice provider is unreachable; retry after Retry-After' },
    operation: startVoiceClone,
    takes: 'body',
    response: VoiceCloneResponse,
    status: 202,
    handler: async ({ em, principal, body, deps, idempotencyKey }) => ({
      voice_clone: await startVoiceClone(em, principal, { ...body, idempotency_key: idempotencyKey ?? body.idempotency_key }, temporalAccess(deps), {
        allowedHosts: deps.config.outbound.allowedHosts,
      }),
    }),
  }),
  route({
    method: 'get',
    path: '/v1/voice/clone/list',
    operationId: 'listVoiceClones',
    tag,
    summary: "The organization's voice clones, newest first, with status and progress",
    operation: listVoiceClones,
    takes: 'query',
    response: ListVoiceClonesResponse,
    handler: async ({ em, principal, query }) => listAnswer('voice_clones', await listVoiceClones(em, principal, query)),
  }),
  route({
    method: 'get',
    path: '/v1/voice/clone/{voice_clone_id}',
    operationId: 'retrieveVoiceClone',
    tag,
    summary: 'A voice clone: status, progress, the analysed features and, once ready, its voice_id',
    operation: getVoiceClone,
    params: VoiceCloneParams,
    response: VoiceCloneResponse,
    handler: async ({ em, principal, params }) => ({ voice_clone: await getVoiceClone(em, principal, params.voice_clone_id) }),
  }),
];
