import { finalizeLostSession } from '../src/modules/calls/live-sessions.js';
import type { ActivityDeps } from './index.js';

/** The liveCall workflow's activity on the main task queue: finalizing a call whose media process died (idempotent). */
export function createLiveCallActivities({ orm }: ActivityDeps) {
  return {
    finalizeLostLiveCall: (sessionId: string) => finalizeLostSession(orm.em.fork(), sessionId),
  };
}
