import type { Orm } from '../src/db/orm.js';

/** Dependencies that activities close over (CONVENTIONS rule 4). */
export interface ActivityDeps {
  orm: Orm;
}

/** All activities, keyed by name, built over injected dependencies. */
export function createActivities(_deps: ActivityDeps) {
  return {};
}
export type Activities = ReturnType<typeof createActivities>;
