import { ActivityFailure, ApplicationFailure, proxyActivities, setHandler, sleep } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { presets } from '../activity-presets.js';
import { progressQuery, type VoiceCloneInput, type VoiceCloneProgress } from './messages.js';

const steps = proxyActivities<Activities>(presets.voiceStep);
const records = proxyActivities<Activities>(presets.databaseStep);

/** Training longer than this (workflow time) is given up: the clone fails with the reason. */
const TRAINING_DEADLINE_MS = 2 * 3600 * 1000;

/**
 * One voice clone (id voice-clone/<clone id>): analyse the samples, start
 * the provider's training, then ask it how far it is on durable timers until
 * it is ready or failed. Each step writes the clone's row (the read state);
 * `progress` answers the same from the workflow. A worker that dies anywhere
 * is replaced by another that replays to the same point: the steps are
 * idempotent, and the timers live in Temporal.
 */
export async function voiceClone(input: VoiceCloneInput): Promise<VoiceCloneProgress> {
  let state: VoiceCloneProgress = { status: 'queued', progress: 0 };
  setHandler(progressQuery, () => state);
  const id = input.voiceCloneId;
  try {
    state = await steps.analyseVoiceSamples(id);
    if (state.status === 'failed' || state.status === 'ready') return state;
    state = await steps.startVoiceTraining(id);
    const deadline = Date.now() + TRAINING_DEADLINE_MS;
    while (state.status === 'training') {
      if (Date.now() > deadline) return (state = await records.failVoiceClone(id, 'Training did not finish within 2 hours'));
      if (state.retryAfterMs) await sleep(state.retryAfterMs);
      state = await steps.checkVoiceTraining(id);
    }
    return state;
  } catch (error) {
    const cause = error instanceof ActivityFailure ? error.cause : error;
    const message = cause instanceof ApplicationFailure || cause instanceof Error ? cause.message : String(cause);
    state = await records.failVoiceClone(id, `The clone failed: ${message}`);
    return state;
  }
}
