import type { Orm } from '../src/db/orm.js';
import type { EngineSettings } from '../src/modules/engine/engine-settings.js';
import { createQualityActivities } from './quality.activities.js';
import { createReleaseActivities } from './releases.activities.js';

/** Dependencies that activities close over (CONVENTIONS rule 4). */
export interface ActivityDeps {
  orm: Orm;
  /** The conversation engine's settings (model keys, outbound allowlist); default: read from the environment. */
  engineSettings?: EngineSettings;
}

/** All activities, keyed by name, built over injected dependencies. */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createQualityActivities(deps),
    ...createReleaseActivities(deps),
  };
}
export type Activities = ReturnType<typeof createActivities>;
