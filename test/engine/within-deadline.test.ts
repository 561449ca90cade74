import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { Client, Connection } from '@temporalio/client';
import { isDeadlineError, withinDeadline } from '../../src/temporal/deadline.js';
import { uniqueTaskQueue } from '../support/worker.js';

/**
 * withinDeadline against the test run's real Temporal server: a long poll for
 * a result that cannot come (no worker polls the queue) ends at the deadline,
 * and every such end is recognized as the deadline. grpc-js reports about 1
 * in 50 of them as CANCELLED rather than DEADLINE_EXCEEDED; before the rule
 * covered that, the Ask engine took one for a failure (a CI run failed so).
 */
let connection: Connection;
let client: Client;

beforeAll(async () => {
  connection = await Connection.connect({ address: process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233' });
  client = new Client({ connection });
});

afterAll(async () => {
  await connection?.close();
});

describe('a call bounded by a deadline', () => {
  it('ends at the deadline, and every deadline end is recognized as one', async () => {
    const queue = uniqueTaskQueue('nobody');
    const outcomes: string[] = [];
    for (let i = 0; i < 80; i++) {
      const handle = await client.workflow.start('nothing', { taskQueue: queue, workflowId: `${queue}-${i}`, args: [] });
      const started = Date.now();
      try {
        await withinDeadline(client, 100, () => handle.result());
        outcomes.push('result');
      } catch (error) {
        outcomes.push(isDeadlineError(error) ? 'deadline' : `other: ${(error as Error).message}`);
      }
      expect(Date.now() - started).toBeLessThan(5000);
      await handle.terminate('test over');
    }
    expect(outcomes.filter((o) => o !== 'deadline')).toEqual([]);
  }, 120_000);

  it('a failure that is not the deadline is not taken for one', async () => {
    const handle = client.workflow.getHandle(`${uniqueTaskQueue('absent')}-never-started`);
    const error = await withinDeadline(client, 2000, () => handle.result()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(isDeadlineError(error)).toBe(false);
  });
});
