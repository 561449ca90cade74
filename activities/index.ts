import type { Orm } from '../src/db/orm.js';
import type { EngineSettings } from '../src/modules/engine/engine-settings.js';
import { createQualityActivities } from './quality.activities.js';
import { createReleaseActivities } from './releases.activities.js';
import { createTriggerActivities } from './triggers.activities.js';
import { createCampaignActivities } from './campaigns.activities.js';
import { createMcpServerActivities } from './mcp-servers.activities.js';
import { createVoiceActivities } from './voices.activities.js';
import type { VoiceSettings } from '../src/modules/voices/voice-provider.js';
import { createPermissionActivities } from './permissions.activities.js';
import { createLiveCallActivities } from './live-calls.activities.js';
import type { TriggerSettings } from '../src/modules/triggers/trigger-settings.js';

/** Dependencies that activities close over. */
export interface ActivityDeps {
  orm: Orm;
  /** The conversation engine's settings (model keys, outbound allowlist); default: read from the environment. */
  engineSettings?: EngineSettings;
  /** Webhook delivery settings (retry schedule, timeout, secrets key); default: read from the environment. */
  triggerSettings?: TriggerSettings;
  /** Voice-clone settings (simulated training time); default: read from the environment. */
  voiceSettings?: VoiceSettings;
}

/** All activities, keyed by name, built over injected dependencies. */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createQualityActivities(deps),
    ...createReleaseActivities(deps),
    ...createTriggerActivities(deps),
    ...createCampaignActivities(deps),
    ...createMcpServerActivities(deps),
    ...createVoiceActivities(deps),
    ...createPermissionActivities(deps),
    ...createLiveCallActivities(deps),
  };
}
export type Activities = ReturnType<typeof createActivities>;
