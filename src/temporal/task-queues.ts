import { mediaTaskQueue } from '../../workflows/task-queues.js';

/** Task queue names in one place; the worker and every client use these. */
export const taskQueues = (base: string) => ({ main: base, media: mediaTaskQueue(base) });
export { mediaTaskQueue };
