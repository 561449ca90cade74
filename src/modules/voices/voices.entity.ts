import { defineEntity, p } from '@mikro-orm/core';
import { Organization } from '../org/org.entity.js';
import type { Actor } from '../agents/agents.entity.js';

export const VOICE_PROVIDERS = ['simulated'] as const;
export type VoiceProviderKind = (typeof VOICE_PROVIDERS)[number];

export const VOICE_CLONE_STATUSES = ['queued', 'analysing', 'training', 'ready', 'failed'] as const;
export type VoiceCloneStatus = (typeof VOICE_CLONE_STATUSES)[number];

/** What the analysis step measured in the samples' PCM; the provider trains from it (the simulated one builds the voice from it). */
export interface VoiceFeatures {
  /** Median fundamental frequency of voiced frames, Hz (autocorrelation); null when no frame was voiced. */
  pitch_hz: number | null;
  /** Loudness: RMS over all samples, dBFS. */
  energy_dbfs: number;
  /** Zero crossings per second: brightness / noisiness. */
  zero_crossing_rate: number;
  /** Share of analysed frames that were voiced (0..1). */
  voiced_ratio: number;
  duration_ms: number;
}

/**
 * One voice-clone job and, once it is ready, the organization's cloned voice
 * (what list_voices lists with kind cloned). The row is the read state of the
 * voiceClone workflow (`voice-clone/<id>`): every step writes its status and
 * progress here, so REST and MCP answer from one row without asking Temporal.
 * Voices belong to the organization; `projectId` only records where it was made.
 */
const VoiceCloneSchema = defineEntity({
  name: 'VoiceClone',
  tableName: 'voice_clone',
  indexes: [{ name: 'voice_clone_org_idx', properties: ['organization', 'id'] }],
  uniques: [
    { name: 'voice_clone_idempotency_unique', properties: ['organization', 'idempotencyKey'] },
    { name: 'voice_clone_voice_unique', properties: ['provider', 'voiceId'] },
  ],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    projectId: p.string().length(40).nullable(),
    name: p.string().length(100),
    language: p.string().length(20),
    gender: p.string().length(10).$type<'female' | 'male' | 'neutral'>(),
    description: p.text().nullable(),
    provider: p.string().length(20).$type<VoiceProviderKind>(),
    status: p.string().length(20).$type<VoiceCloneStatus>(),
    /** 0..100. */
    progress: p.integer(),
    sampleCount: p.integer(),
    totalDurationMs: p.integer(),
    features: p.json<VoiceFeatures>().nullable(),
    /** The provider's training job, recorded before the workflow waits on it (a retried start finds it). */
    providerJobId: p.string().length(200).nullable(),
    /** The provider's id of the finished voice: what an agent's voice setting names. */
    voiceId: p.string().length(200).nullable(),
    error: p.text().nullable(),
    idempotencyKey: p.string().length(200).nullable(),
    createdBy: p.json<Actor>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    finishedAt: p.datetime().nullable(),
  },
});
export class VoiceClone extends VoiceCloneSchema.class {}
VoiceCloneSchema.setClass(VoiceClone);

/**
 * One uploaded (or fetched) sample of a clone, already checked to be PCM WAV.
 * The audio lives in the database (bytea, capped at MAX_SAMPLE_BYTES each):
 * the workflow's payloads carry only the clone id (Temporal caps payloads at
 * 2 MB), and a restarted worker finds the samples where the request left them.
 */
const VoiceCloneSampleSchema = defineEntity({
  name: 'VoiceCloneSample',
  tableName: 'voice_clone_sample',
  uniques: [{ name: 'voice_clone_sample_seq_unique', properties: ['clone', 'seq'] }],
  properties: {
    id: p.string().primary().length(40),
    clone: () => p.manyToOne(VoiceClone).mapToPk().deleteRule('cascade'),
    seq: p.integer(),
    /** Where it came from: the URL it was fetched from, or null for base64 uploads. */
    sourceUrl: p.text().nullable(),
    sampleRate: p.integer(),
    channels: p.integer(),
    bitsPerSample: p.integer(),
    durationMs: p.integer(),
    audio: p.blob().lazy(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class VoiceCloneSample extends VoiceCloneSampleSchema.class {}
VoiceCloneSampleSchema.setClass(VoiceCloneSample);

export const voicesEntities = [VoiceClone, VoiceCloneSample];
