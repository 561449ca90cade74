import { defineEntity, p } from '@mikro-orm/core';
import { Organization } from '../org/org.entity.js';

/** The wire formats the media runtime speaks (src/media/speech/stt, src/media/speech/tts). */
export const SPEECH_PROVIDER_KINDS = ['deepgram', 'elevenlabs', 'openai-compatible'] as const;
export type SpeechProviderKind = (typeof SPEECH_PROVIDER_KINDS)[number];

/**
 * An organization's account with a speech service (recognition, synthesis or
 * both), like a model provider: the API key is stored encrypted with the
 * organization id bound in (modules/secrets) and never returned. Live calls
 * pick one by the agent's voice provider (media/call/resolve-speech.ts).
 */
const SpeechProviderSchema = defineEntity({
  name: 'SpeechProvider',
  tableName: 'speech_provider',
  uniques: [{ name: 'speech_provider_org_name_unique', properties: ['organization', 'name'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    name: p.string().length(100),
    kind: p.string().length(30).$type<SpeechProviderKind>(),
    /** Null: the service's public address (api.deepgram.com, api.elevenlabs.io, api.openai.com/v1). */
    baseUrl: p.string().length(500).nullable(),
    apiKeyEncrypted: p.text(),
    /** Recognition model (deepgram, openai-compatible); null: the client's default, or for openai-compatible no recognition. */
    sttModel: p.string().length(200).nullable(),
    /** Synthesis model (elevenlabs, openai-compatible); null: the client's default. */
    ttsModel: p.string().length(200).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class SpeechProvider extends SpeechProviderSchema.class {}
SpeechProviderSchema.setClass(SpeechProvider);

export const speechEntities = [SpeechProvider];
