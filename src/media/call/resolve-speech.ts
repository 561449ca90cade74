import type { Em } from '../../db/orm.js';
import type { SpeechToText } from '../speech/speech-to-text.js';
import type { TextToSpeech } from '../speech/text-to-speech.js';
import type { CloudAccess } from '../speech/cloud.js';
import { DeepgramStt } from '../speech/stt/deepgram.js';
import { OpenAiTranscriptionStt } from '../speech/stt/openai-transcriptions.js';
import { ElevenLabsTts } from '../speech/tts/elevenlabs.js';
import { OpenAiSpeechTts } from '../speech/tts/openai-speech.js';
import { checkUrlHost } from '../../modules/outbound-http.js';
import { pooledDispatcher } from '../../modules/outbound-pool.js';
import { decryptSecret } from '../../modules/secrets/secret-box.js';
import { VOICES } from '../../modules/telephony/voices.js';
import { VoiceClone } from '../../modules/voices/voices.entity.js';
import { SpeechProvider, type SpeechProviderKind } from '../../modules/speech/speech.entity.js';

export interface ResolvedSpeech {
  stt: SpeechToText;
  tts: TextToSpeech;
  /** The voice id to pass to `tts.synthesize` (LiveParty's `voice`): the provider's own id, or a stock voice standing in for a clone. */
  voice: string;
  /** Why a configured choice was not used (a key that does not decrypt): for the call's log, never shown to the caller. */
  notes: string[];
}

/** The agent's voice provider → the kind of speech provider that speaks it. */
const TTS_KIND: Record<string, SpeechProviderKind> = { elevenlabs: 'elevenlabs', openai: 'openai-compatible' };

/**
 * The speech a live call of this organization uses, chosen per call:
 * - synthesis by the agent's voice: an `elevenlabs` voice through the
 *   organization's ElevenLabs provider, an `openai` voice through its
 *   openai-compatible one; a ready voice clone through the provider that
 *   trained it when the organization has one of that kind, else offline with
 *   a stock voice of the clone's language and gender; `platform`, `azure`
 *   (no client yet) or no matching provider: the offline `fallback`;
 * - recognition: the organization's Deepgram provider, else an
 *   openai-compatible one with `stt_model`, else the offline `fallback`.
 * The oldest provider of a kind wins. A key that no longer decrypts (another
 * ENCRYPTION_KEY) falls back offline with a note rather than failing the
 * call: a caller who hears the platform voice is better served than one who
 * hears nothing.
 */
export async function resolveSpeech(
  em: Em,
  organizationId: string,
  voice: { provider: string; voice_id: string },
  settings: { encryptionKey: Buffer; allowedHosts: readonly string[] },
  fallback: { stt: SpeechToText; tts: TextToSpeech },
): Promise<ResolvedSpeech> {
  const providers = await em.find(SpeechProvider, { organization: organizationId }, { orderBy: { id: 'asc' } });
  const notes: string[] = [];
  const access: CloudAccess = {
    dispatcher: pooledDispatcher(settings.allowedHosts),
    checkUrl: (url) => checkUrlHost(url, settings.allowedHosts),
  };
  const keyOf = (p: SpeechProvider): string | undefined => {
    try {
      return decryptSecret(settings.encryptionKey, p.apiKeyEncrypted, organizationId);
    } catch (error) {
      notes.push(`speech provider ${p.id}: the API key cannot be read (${(error as Error).message}); using the offline speech instead`);
      return undefined;
    }
  };

  let stt = fallback.stt;
  const recogniser = providers.find((p) => p.kind === 'deepgram') ?? providers.find((p) => p.kind === 'openai-compatible' && p.sttModel);
  const sttKey = recogniser && keyOf(recogniser);
  if (recogniser && sttKey) {
    stt =
      recogniser.kind === 'deepgram'
        ? new DeepgramStt({
            ...access,
            apiKey: sttKey,
            ...(recogniser.baseUrl ? { baseUrl: recogniser.baseUrl } : {}),
            ...(recogniser.sttModel ? { model: recogniser.sttModel } : {}),
          })
        : new OpenAiTranscriptionStt({ ...access, apiKey: sttKey, baseUrl: recogniser.baseUrl ?? OPENAI_BASE, model: recogniser.sttModel! });
  }

  let tts = fallback.tts;
  let voiceId = voice.voice_id;
  let kind: SpeechProviderKind | undefined = TTS_KIND[voice.provider];
  if (!kind && voice.provider !== 'platform' && !VOICES.some((v) => v.provider === voice.provider)) {
    const clone = await em.findOne(VoiceClone, {
      organization: organizationId,
      provider: voice.provider as VoiceClone['provider'],
      voiceId: voice.voice_id,
      status: 'ready',
    });
    if (clone) {
      kind = TTS_KIND[clone.provider];
      // The offline voice has no clones: speak with a stock voice of the clone's language and gender.
      if (!kind) voiceId = standIn(clone.language, clone.gender) ?? voiceId;
    }
  }
  const speaker = kind && providers.find((p) => p.kind === kind);
  const ttsKey = speaker && keyOf(speaker);
  if (speaker && ttsKey) {
    const model = speaker.ttsModel ? { model: speaker.ttsModel } : {};
    tts =
      speaker.kind === 'elevenlabs'
        ? new ElevenLabsTts({ ...access, apiKey: ttsKey, ...model, ...(speaker.baseUrl ? { baseUrl: speaker.baseUrl } : {}) })
        : new OpenAiSpeechTts({ ...access, apiKey: ttsKey, ...model, baseUrl: speaker.baseUrl ?? OPENAI_BASE });
  }
  return { stt, tts, voice: voiceId, notes };
}

const OPENAI_BASE = 'https://api.openai.com/v1';

/** A catalogue voice of this language (exact, else its primary subtag) and gender, if there is one. */
function standIn(language: string, gender: string): string | undefined {
  const lang = language.toLowerCase();
  const primary = lang.split('-')[0];
  const candidates = VOICES.filter((v) => v.language.toLowerCase() === lang).concat(VOICES.filter((v) => v.language.toLowerCase().split('-')[0] === primary));
  return (candidates.find((v) => v.gender === gender) ?? candidates[0])?.voice_id;
}
