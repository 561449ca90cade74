/**
 * The shared task queue of the media processes, derived from the main one:
 * outbound SIP calls are dialled there by whichever media process takes the
 * task. Beside the workflows because a workflow names it from its own queue;
 * src/ imports it from here.
 */
export const mediaTaskQueue = (mainTaskQueue: string) => `${mainTaskQueue}-media`;
