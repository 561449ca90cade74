import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { VOICE_CLONE_STATUSES, VOICE_PROVIDERS } from './voices.entity.js';
import { IdempotencyKey } from '../idempotency-key.js';
import { pageFields } from '../paging.js';

extendZodWithOpenApi(z);

/** Limits on samples: enough audio to learn a voice from, not so much that one request fills the database. */
export const SAMPLE_LIMITS = {
  maxSamples: 8,
  /** Per sample, decoded (a URL that answers more is cut off and refused). */
  maxSampleBytes: 5 * 1024 * 1024,
  maxTotalBytes: 20 * 1024 * 1024,
  minTotalSeconds: 10,
  maxTotalSeconds: 600,
} as const;

const Id = (what: string) =>
  z
    .string()
    .min(1)
    .max(60)
    .regex(/^[A-Za-z0-9_-]+$/, 'an id such as vcl_01J...')
    .describe(what);

export const VoiceSampleInput = z
  .object({
    audio_base64: z
      .string()
      .min(1)
      .max(Math.ceil((SAMPLE_LIMITS.maxSampleBytes * 4) / 3) + 64, { abort: true })
      .optional()
      .describe('The sample as base64 of a PCM WAV file (a data:audio/wav;base64, prefix is allowed). Give this or url.'),
    url: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .optional()
      .describe('An http(s) address of a PCM WAV file, fetched once when the clone starts (private addresses are refused). Give this or audio_base64.'),
  })
  .strict()
  .refine((s) => (s.audio_base64 === undefined) !== (s.url === undefined), { message: 'give exactly one of audio_base64 and url', path: ['audio_base64'] });

export const StartVoiceCloneBody = z
  .object({
    name: z.string().trim().min(1).max(100).describe("The voice's name, as list_voices will show it."),
    language: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'a BCP 47 tag such as en-US')
      .default('en-US')
      .describe('BCP 47 language of the samples and the voice (default en-US).'),
    gender: z.enum(['female', 'male', 'neutral']).default('neutral').describe('How list_voices labels the voice (default neutral).'),
    description: z.string().trim().max(500).optional().describe('A note for people choosing voices.'),
    samples: z
      .array(VoiceSampleInput)
      .min(1)
      .max(SAMPLE_LIMITS.maxSamples)
      .describe(
        `1 to ${SAMPLE_LIMITS.maxSamples} recordings of the speaker: PCM WAV (8-48 kHz, mono or stereo), at least ` +
          `${SAMPLE_LIMITS.minTotalSeconds} s in total, at most ${SAMPLE_LIMITS.maxSampleBytes / 1024 / 1024} MiB each and ` +
          `${SAMPLE_LIMITS.maxTotalSeconds / 60} minutes in total.`,
      ),
    idempotency_key: IdempotencyKey.optional().describe('Send the same key again to get the same clone (with its current status) instead of starting another.'),
  })
  .strict()
  .openapi('StartVoiceCloneBody');
export type StartVoiceCloneBody = z.input<typeof StartVoiceCloneBody>;

export const VoiceCloneView = z
  .object({
    voice_clone_id: z.string(),
    name: z.string(),
    language: z.string(),
    gender: z.enum(['female', 'male', 'neutral']),
    description: z.string().nullable(),
    provider: z.enum(VOICE_PROVIDERS).describe('The voice provider that trains and speaks the voice.'),
    status: z.enum(VOICE_CLONE_STATUSES).describe('queued → analysing → training → ready, or failed (see error).'),
    progress: z.number().int().min(0).max(100).describe('Percent done.'),
    voice_id: z.string().nullable().describe("Once ready: the voice id to put in an agent's voice setting (with provider)."),
    error: z.string().nullable(),
    sample_count: z.number().int(),
    total_duration_ms: z.number().int(),
    features: z
      .object({
        pitch_hz: z.number().nullable(),
        energy_dbfs: z.number(),
        zero_crossing_rate: z.number(),
        voiced_ratio: z.number(),
        duration_ms: z.number(),
      })
      .nullable()
      .describe('What the analysis measured in the samples (after the analysing step).'),
    workflow_id: z.string(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .openapi('VoiceClone');
export type VoiceCloneView = z.infer<typeof VoiceCloneView>;
export const VoiceCloneResponse = z.object({ voice_clone: VoiceCloneView }).openapi('VoiceCloneResponse');
export const VoiceCloneParams = z.object({ voice_clone_id: Id('The voice clone (vcl_...).') });
export const ListVoiceClonesResponse = z.object({ voice_clones: z.array(VoiceCloneView), ...pageFields }).openapi('ListVoiceClonesResponse');
