import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { validationFailed } from '../errors.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { VoiceClone } from '../voices/voices.entity.js';
import { ListVoicesQuery } from './telephony.schemas.js';
import { pageInMemory } from '../paging.js';

export interface Voice {
  provider: string;
  voice_id: string;
  name: string;
  language: string;
  gender: 'female' | 'male' | 'neutral';
}

export interface VoiceListing extends Voice {
  kind: 'stock' | 'cloned';
  voice_clone_id: string | null;
}

/**
 * The voices agents can speak with, per text-to-speech provider: the list
 * the agent's `voice` setting is chosen from. Cloud voices by the providers'
 * own public ids (spoken through the organization's speech provider of that
 * kind, else offline), and the platform's offline flite voices (decision
 * 0064); the platform default (`platform`/`default`) is espeak-ng's.
 */
export const VOICES: readonly Voice[] = [
  { provider: 'openai', voice_id: 'alloy', name: 'Alloy', language: 'en-US', gender: 'neutral' },
  { provider: 'openai', voice_id: 'echo', name: 'Echo', language: 'en-US', gender: 'male' },
  { provider: 'openai', voice_id: 'fable', name: 'Fable', language: 'en-GB', gender: 'male' },
  { provider: 'openai', voice_id: 'nova', name: 'Nova', language: 'en-US', gender: 'female' },
  { provider: 'openai', voice_id: 'shimmer', name: 'Shimmer', language: 'en-US', gender: 'female' },
  { provider: 'elevenlabs', voice_id: '21m00Tcm4TlvDq8ikWAM', name: 'Rachel', language: 'en-US', gender: 'female' },
  { provider: 'elevenlabs', voice_id: 'ErXwobaYiN019PkySvjV', name: 'Antoni', language: 'en-US', gender: 'male' },
  { provider: 'elevenlabs', voice_id: 'EXAVITQu4vr4xnSDxMaL', name: 'Bella', language: 'en-US', gender: 'female' },
  { provider: 'azure', voice_id: 'en-US-JennyNeural', name: 'Jenny', language: 'en-US', gender: 'female' },
  { provider: 'azure', voice_id: 'en-GB-RyanNeural', name: 'Ryan', language: 'en-GB', gender: 'male' },
  { provider: 'azure', voice_id: 'es-ES-ElviraNeural', name: 'Elvira', language: 'es-ES', gender: 'female' },
  { provider: 'azure', voice_id: 'de-DE-ConradNeural', name: 'Conrad', language: 'de-DE', gender: 'male' },
  { provider: 'azure', voice_id: 'fr-FR-DeniseNeural', name: 'Denise', language: 'fr-FR', gender: 'female' },
  // Offline, spoken by flite on the media process (media/speech/tts/flite.ts): no provider account needed.
  { provider: 'platform', voice_id: 'flite-kal', name: 'Kal (offline)', language: 'en-US', gender: 'male' },
  { provider: 'platform', voice_id: 'flite-rms', name: 'Rms (offline)', language: 'en-US', gender: 'male' },
  { provider: 'platform', voice_id: 'flite-slt', name: 'Slt (offline)', language: 'en-US', gender: 'female' },
  { provider: 'platform', voice_id: 'flite-awb', name: 'Awb (offline, Scottish)', language: 'en-GB', gender: 'male' },
];

/**
 * The stock catalogue, then the organization's cloned voices that are ready
 * (modules/voices: voice_clone_start), oldest first, a page at a time.
 * Cloned voices belong to the organization, so every project of it can use
 * them.
 */
export const listVoices = operation(
  { needs: 'agents:read', input: ListVoicesQuery },
  async (
    em: Em,
    principal: Principal,
    query: z.output<typeof ListVoicesQuery>,
  ): Promise<{ voices: VoiceListing[]; has_more: boolean; next_cursor: string | null }> => {
    const language = query.language?.toLowerCase();
    const provider = query.provider?.toLowerCase();
    const clones = await em.find(
      VoiceClone,
      {
        organization: principal.organizationId,
        status: 'ready',
        ...(provider ? { provider: provider as VoiceClone['provider'] } : {}),
      },
      { orderBy: { id: 'asc' } },
    );
    // Keys that sort as listed: the catalogue by its position, then the clones by id.
    const cloned = clones.map((c) => ({
      key: `1:${c.id}`,
      voice: {
        provider: c.provider,
        voice_id: c.voiceId!,
        name: c.name,
        language: c.language,
        gender: c.gender,
        kind: 'cloned',
        voice_clone_id: c.id,
      } as VoiceListing,
    }));
    const stock = VOICES.map((v, i) => ({
      key: `0:${String(i).padStart(4, '0')}`,
      voice: { ...v, kind: 'stock', voice_clone_id: null } as VoiceListing,
    })).filter((s) => !provider || s.voice.provider === provider);
    const all = [...stock, ...cloned].filter((v) => !language || v.voice.language.toLowerCase().startsWith(language));
    const page = pageInMemory(all, (v) => v.key, query, { list: 'voices', filters: { provider, language } });
    return { voices: page.items.map((v) => v.voice), has_more: page.has_more, next_cursor: page.next_cursor };
  },
);

/** The platform's own voice: what an agent speaks with when it names none (the default of its `voice` setting). */
export const PLATFORM_DEFAULT_VOICE = { provider: 'platform', voice_id: 'default' } as const;

/**
 * The rule for an agent's `voice` setting, declared once (create and update
 * apply it): it names the platform default voice, a catalogue voice (VOICES)
 * or a ready clone of the organization, each with its own provider. Refused
 * with VALIDATION_FAILED naming `<field>.voice_id`, or `<field>.provider`
 * when the id is a voice of another provider.
 */
export async function assertVoiceAvailable(em: Em, organizationId: string, voice: { provider: string; voice_id: string }, field = 'voice'): Promise<void> {
  const { provider, voice_id: voiceId } = voice;
  if (provider === PLATFORM_DEFAULT_VOICE.provider && voiceId === PLATFORM_DEFAULT_VOICE.voice_id) return;
  if (VOICES.some((v) => v.provider === provider && v.voice_id === voiceId)) return;
  const clones = await em.find(VoiceClone, { organization: organizationId, voiceId, status: 'ready' }, { limit: 5 });
  if (clones.some((c) => c.provider === provider)) return;
  const other = VOICES.find((v) => v.voice_id === voiceId)?.provider ?? clones[0]?.provider;
  if (other) {
    throw validationFailed(
      [{ field: `${field}.provider`, message: `voice ${voiceId} is a ${other} voice, not a ${provider} one` }],
      `Voice ${voiceId} belongs to provider ${other}: set voice.provider to ${other}`,
    );
  }
  throw validationFailed(
    [{ field: `${field}.voice_id`, message: `no ${provider} voice ${voiceId}: pick one from list_voices` }],
    `Voice ${voiceId} of provider ${provider} does not exist: pick a catalogue voice or a ready clone of this organization from list_voices`,
  );
}
