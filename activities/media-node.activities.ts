import { Context } from '@temporalio/activity';
import type { LiveCallRegistry } from '../src/media/live-call-registry.js';

const HEARTBEAT_MS = 1000;

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
      if (!call) return;
      let over = false;
      void call.done.finally(() => (over = true));
      while (!over) {
        Context.current().heartbeat();
        await Promise.race([call.done.catch(() => {}), new Promise((r) => setTimeout(r, HEARTBEAT_MS))]);
      }
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
