import { ApplicationFailure } from '@temporalio/activity';
import type { LiveCallRegistry } from '../src/media/call/live-call-registry.js';
import { heartbeating } from './heartbeat.js';

/**
 * Activities served by one media process on its own task queue (media/<node>),
 * over the calls it holds: the liveCall workflow supervises each call here
 * and sends hangups here. A process that dies takes its queue with it; the
 * workflow notices through the heartbeat and finalizes the call.
 */
export function createMediaNodeActivities(calls: LiveCallRegistry) {
  return {
    /**
     * Lasts as long as the call, heartbeating; returns once the call ended and was recorded. A call this process
     * no longer holds (it ended before its workflow started, recorded or not) fails it, and the workflow
     * finalizes the session only if nothing recorded it.
     */
    async superviseLiveCall(sessionId: string): Promise<void> {
      const call = calls.get(sessionId);
      if (!call) throw ApplicationFailure.nonRetryable('this media process no longer holds the call', 'CallNotHeld');
      await heartbeating(() => call.done, { first: true });
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
