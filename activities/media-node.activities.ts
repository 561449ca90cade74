import type { LiveCallRegistry } from '../src/media/live-call-registry.js';
import { heartbeating } from './heartbeat.js';

/**
 * Activities served by one media process on its own task queue (media/<node>),
 * over the calls it holds: the liveCall workflow supervises each call here
 * and sends hangups here. A process that dies takes its queue with it; the
 * workflow notices through the heartbeat and finalizes the call.
 */
export function createMediaNodeActivities(calls: LiveCallRegistry) {
  return {
    /** Lasts as long as the call, heartbeating; returns once the call ended and was recorded (at once if it already was). */
    async superviseLiveCall(sessionId: string): Promise<void> {
      const call = calls.get(sessionId);
      if (call) await heartbeating(() => call.done, { first: true });
    },
    /** Ends the call (BYE); false when this process no longer holds it. */
    async hangupLiveCall(sessionId: string, reason: string): Promise<boolean> {
      const call = calls.get(sessionId);
      if (!call) return false;
      await call.hangup(reason);
      return true;
    },
  };
}
export type MediaNodeActivities = ReturnType<typeof createMediaNodeActivities>;
