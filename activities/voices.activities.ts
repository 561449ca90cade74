import * as steps from '../src/modules/voices/voice-clone-steps.js';
import { defaultVoiceSettings } from '../src/modules/voices/voice-provider.js';
import type { ActivityDeps } from './index.js';
import { permanentOnDomainError } from './failures.js';

/**
 * The voiceClone workflow's activities: closures over
 * the injected ORM and voice settings, each call on its own em.fork(), each
 * idempotent (modules/voices/voice-clone-steps.ts).
 */
export function createVoiceActivities({ orm, voiceSettings }: ActivityDeps) {
  const em = () => orm.em.fork();
  const settings = () => voiceSettings ?? defaultVoiceSettings();
  return {
    analyseVoiceSamples: (voiceCloneId: string) => permanentOnDomainError(() => steps.analyseVoiceSamples(em(), voiceCloneId)),
    startVoiceTraining: (voiceCloneId: string) => permanentOnDomainError(() => steps.startVoiceTraining(em(), voiceCloneId, settings())),
    checkVoiceTraining: (voiceCloneId: string) => permanentOnDomainError(() => steps.checkVoiceTraining(em(), voiceCloneId, settings())),
    failVoiceClone: (voiceCloneId: string, error: string) => steps.failVoiceClone(em(), voiceCloneId, error),
  };
}
