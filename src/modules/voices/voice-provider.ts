import { createHash } from 'node:crypto';
import { loadConfig, type Config } from '../../config.js';
import { DomainError } from '../errors.js';
import type { VoiceFeatures, VoiceProviderKind } from './voices.entity.js';

/**
 * A voice-cloning provider behind one small interface, like the telephony
 * providers (decision 0012): start a training job from the analysed samples,
 * then ask how it is going. The workflow polls `trainingStatus` with durable
 * timers, so a job outlives any worker.
 */
export interface VoiceProvider {
  readonly kind: VoiceProviderKind;
  /** Starts training; the same `idempotencyKey` (the clone id) always names the same job. */
  startTraining(input: { idempotencyKey: string; name: string; language: string; features: VoiceFeatures }): Promise<{ jobId: string }>;
  trainingStatus(jobId: string): Promise<TrainingStatus>;
}

export type TrainingStatus =
  { state: 'training'; progress: number; retryAfterMs: number } | { state: 'ready'; voiceId: string } | { state: 'failed'; error: string };

export interface VoiceSettings {
  /** How long the simulated provider trains (config VOICE_CLONE_TRAINING_MS). */
  simulatedTrainingMs: number;
}

/**
 * The built-in provider: no network, deterministic. The voice id is a hash
 * of the features (pitch, energy, brightness rounded) and the name, so the
 * same samples make the same voice. The job id carries its start time and
 * duration, so any worker can answer how far it is without shared state.
 */
export class SimulatedVoiceProvider implements VoiceProvider {
  readonly kind = 'simulated' as const;
  constructor(
    private readonly settings: VoiceSettings,
    private readonly now: () => number = Date.now,
  ) {}

  startTraining(input: { idempotencyKey: string; name: string; language: string; features: VoiceFeatures }): Promise<{ jobId: string }> {
    const f = input.features;
    const voice = createHash('sha256')
      .update(
        JSON.stringify([
          input.name,
          input.language,
          f.pitch_hz === null ? null : Math.round(f.pitch_hz),
          Math.round(f.energy_dbfs),
          Math.round(f.zero_crossing_rate / 10),
        ]),
      )
      .digest('hex')
      .slice(0, 20);
    return Promise.resolve({ jobId: `simjob.${this.now()}.${this.settings.simulatedTrainingMs}.${voice}` });
  }

  trainingStatus(jobId: string): Promise<TrainingStatus> {
    const match = /^simjob\.(\d+)\.(\d+)\.([0-9a-f]{20})$/.exec(jobId);
    if (!match) return Promise.resolve({ state: 'failed', error: `Unknown training job ${jobId}` });
    const [, started, duration, voice] = match;
    const elapsed = this.now() - Number(started);
    if (elapsed >= Number(duration)) return Promise.resolve({ state: 'ready', voiceId: `sim-${voice}` });
    const remaining = Number(duration) - elapsed;
    return Promise.resolve({
      state: 'training',
      progress: Math.max(0, Math.min(0.99, elapsed / Number(duration))),
      retryAfterMs: Math.max(100, Math.min(remaining, 1000)),
    });
  }
}

export function voiceProvider(kind: VoiceProviderKind, settings: VoiceSettings): VoiceProvider {
  if (kind === 'simulated') return new SimulatedVoiceProvider(settings);
  throw new DomainError('UNPROCESSABLE', `Voice provider ${String(kind)} is not supported`);
}

export function voiceSettingsFrom(config: Pick<Config, 'voices'>): VoiceSettings {
  return { simulatedTrainingMs: config.voices.simulatedTrainingMs };
}

let fromEnvironment: VoiceSettings | undefined;
/** For callers that hold only an ORM (activities without injected settings): read from the environment once per process. */
export function defaultVoiceSettings(): VoiceSettings {
  fromEnvironment ??= voiceSettingsFrom(loadConfig(process.env));
  return fromEnvironment;
}
