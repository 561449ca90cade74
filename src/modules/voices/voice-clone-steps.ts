import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import type { VoiceCloneProgress } from '../../../workflows/voice-clone/messages.js';
import { VoiceClone } from './voices.entity.js';
import { voiceProvider, type VoiceSettings } from './voice-provider.js';
import { analyseSamples, decodeMono, parseWav } from './wav-samples.js';

/**
 * The steps of the voiceClone workflow, one per activity. Each is safe to
 * run again (a worker may die after doing it and before reporting it): each
 * looks at the row first and does only what is not done yet, and writes
 * status and progress on the voice_clone row (the read state).
 */
const TERMINAL = new Set(['ready', 'failed']);
/** Progress the analysis step ends at; training fills the rest. */
const ANALYSED = 30;
/** Below this loudness (dBFS) or without a voiced frame, the samples hold no speech to learn from. */
const SILENCE_DBFS = -50;

function progressOf(clone: VoiceClone): VoiceCloneProgress {
  return {
    status: clone.status,
    progress: clone.progress,
    ...(clone.voiceId ? { voiceId: clone.voiceId } : {}),
    ...(clone.error ? { error: clone.error } : {}),
  };
}

async function load(em: Em, id: string): Promise<VoiceClone> {
  return em.findOneOrFail(VoiceClone, { id }, { refresh: true });
}

export async function analyseVoiceSamples(em: Em, id: string): Promise<VoiceCloneProgress> {
  const clone = await load(em, id);
  if (TERMINAL.has(clone.status) || clone.features) return progressOf(clone);
  clone.status = 'analysing';
  clone.progress = Math.max(clone.progress, 5);
  await em.flush();
  const rows = await sql<{ audio: Buffer }>(em, 'select audio from voice_clone_sample where clone_id = ? order by seq', [id]);
  const features = analyseSamples(
    rows.map((r) => {
      const info = parseWav(r.audio);
      return { pcm: decodeMono(r.audio, info), sampleRate: info.sampleRate };
    }),
  );
  clone.features = features;
  if (features.energy_dbfs < SILENCE_DBFS || features.pitch_hz === null) {
    clone.status = 'failed';
    clone.error = `The samples hold no usable speech (loudness ${features.energy_dbfs} dBFS, ${Math.round(features.voiced_ratio * 100)}% voiced): record the speaker talking, closer to the microphone`;
    clone.finishedAt = new Date();
  } else {
    clone.progress = ANALYSED;
  }
  await em.flush();
  return progressOf(clone);
}

export async function startVoiceTraining(em: Em, id: string, settings: VoiceSettings): Promise<VoiceCloneProgress> {
  const clone = await load(em, id);
  if (TERMINAL.has(clone.status) || clone.providerJobId) return progressOf(clone);
  const provider = voiceProvider(clone.provider, settings);
  const { jobId } = await provider.startTraining({ idempotencyKey: clone.id, name: clone.name, language: clone.language, features: clone.features! });
  clone.providerJobId = jobId;
  clone.status = 'training';
  clone.progress = Math.max(clone.progress, ANALYSED);
  await em.flush();
  return { ...progressOf(clone), retryAfterMs: 0 };
}

export async function checkVoiceTraining(em: Em, id: string, settings: VoiceSettings): Promise<VoiceCloneProgress> {
  const clone = await load(em, id);
  if (TERMINAL.has(clone.status) || !clone.providerJobId) return progressOf(clone);
  const status = await voiceProvider(clone.provider, settings).trainingStatus(clone.providerJobId);
  if (status.state === 'training') {
    clone.progress = Math.max(clone.progress, Math.min(99, ANALYSED + Math.floor(status.progress * (100 - ANALYSED))));
    await em.flush();
    return { ...progressOf(clone), retryAfterMs: status.retryAfterMs };
  }
  if (status.state === 'ready') {
    clone.status = 'ready';
    clone.progress = 100;
    clone.voiceId = status.voiceId;
  } else {
    clone.status = 'failed';
    clone.error = status.error;
  }
  clone.finishedAt = new Date();
  await em.flush();
  return progressOf(clone);
}

/** The workflow gave up (a step failed for good, or training took too long): the clone is failed with why. */
export async function failVoiceClone(em: Em, id: string, error: string): Promise<VoiceCloneProgress> {
  const clone = await load(em, id);
  if (TERMINAL.has(clone.status)) return progressOf(clone);
  clone.status = 'failed';
  clone.error = error.slice(0, 2000);
  clone.finishedAt = new Date();
  await em.flush();
  return progressOf(clone);
}
