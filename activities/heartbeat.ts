import { Context } from '@temporalio/activity';

/** How often a long activity tells Temporal it is alive (the presets' heartbeat timeouts are 4 s and up). */
const HEARTBEAT_MS = 1000;

/**
 * Runs `fn` while heartbeating every second, so a worker (or media process)
 * that dies mid-activity is noticed within the heartbeat timeout. `first`
 * sends one heartbeat up front, for activities that last a whole call or
 * conversation; short steps skip it (the timeout runs from the start anyway).
 */
export async function heartbeating<T>(fn: () => Promise<T>, options: { first?: boolean } = {}): Promise<T> {
  const context = Context.current();
  if (options.first) context.heartbeat();
  const beat = setInterval(() => context.heartbeat(), HEARTBEAT_MS);
  try {
    return await fn();
  } finally {
    clearInterval(beat);
  }
}
