/**
 * The shared task queue of the media processes, derived from the main one:
 * outbound SIP calls are dialled there by whichever media process takes the
 * task. Beside the workflows because a workflow names it from its own queue;
 * src/temporal/task-queues.ts re-exports it.
 */
export const mediaTaskQueue = (mainTaskQueue: string) => `${mainTaskQueue}-media`;
