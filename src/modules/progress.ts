/**
 * How a long operation tells its caller how far it got while the caller
 * waits for it (MCP `notifications/progress` when the client sent a
 * progressToken; nothing otherwise). `progress` grows; `total`, when known,
 * is where it ends.
 */
export interface ProgressUpdate {
  progress: number;
  total?: number;
  message?: string;
}
export type ReportProgress = (update: ProgressUpdate) => void;

export const noProgress: ReportProgress = () => {};

/**
 * Reads `read` every `everyMs` until `done` holds or `ms` pass, handing each
 * value to `onEach` (to report progress from it); returns the last value.
 */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number, onEach: (value: T) => void, everyMs = 250): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    onEach(value);
    if (done(value) || Date.now() >= deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, Math.min(everyMs, Math.max(0, deadline - Date.now()))));
  }
}
