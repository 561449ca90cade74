import type { Client } from '@temporalio/client';
import { WorkflowIdReusePolicy } from '@temporalio/client';
import type { Logger } from 'pino';
import type { Orm } from '../../db/orm.js';
import { openLiveSession } from '../../modules/calls/live-sessions.js';
import { workflowIds } from '../../../workflows/workflow-ids.js';
import type { LiveCallInput } from '../../../workflows/live-call/messages.js';
import type { LiveCallRegistry } from './live-call-registry.js';
import type { HangupCause } from '../transports/call-transport.js';

/** The media process as a Temporal participant: its node queue, its calls, and the client that starts their workflows. */
export interface MediaNode {
  /** This process's task queue (media/<node id>): the liveCall workflow supervises and hangs up its calls there. */
  queue: string;
  registry: LiveCallRegistry;
  temporal?: { client: Client; taskQueue: string };
}

export interface HoldInput {
  sessionId: string;
  organizationId: string;
  projectId: string;
  agentId: string;
  agentName: string;
  versionId: string;
  direction: 'inbound' | 'outbound' | 'web';
  caller: string;
  phoneNumber: string | null;
  startedAt: Date;
  hangup: (cause: HangupCause) => Promise<void>;
  /** Resolves when the call's media ended (either side). */
  mediaEnded: Promise<void>;
  log: Logger;
}

/** How long after the media ended the record may take before the call counts as lost (the workflow then finalizes it). */
const RECORD_GRACE_MS = 60_000;

/**
 * Makes a connected call durable (issue 11): its session is written
 * in_progress (listed, and hangable through REST and MCP), this process holds
 * it in its registry, and a liveCall workflow supervises it from Temporal, so
 * a process killed mid-call still leaves one finished session. Returns
 * `release`, called once the call's record is written. Without Temporal (a
 * test of the media alone) the call still runs; it is just not supervised.
 * `release(error)` instead: the call failed without a record, and its
 * workflow finalizes it (media_lost) rather than leaving it in progress.
 */
export async function holdLiveCall(orm: Orm, node: MediaNode | undefined, input: HoldInput): Promise<(error?: Error) => void> {
  let release!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    release = resolve;
    fail = reject;
  });
  done.catch(() => {});
  const settle = (error?: Error): void => (error ? fail(error) : release());
  if (!node) return settle;
  await openLiveSession(orm.em.fork(), {
    id: input.sessionId,
    organizationId: input.organizationId,
    projectId: input.projectId,
    agentId: input.agentId,
    agentName: input.agentName,
    agentVersionId: input.versionId,
    direction: input.direction,
    caller: { address: input.caller },
    phoneNumber: input.phoneNumber,
    startedAt: input.startedAt,
    mediaNode: node.queue,
  });
  node.registry.hold(input.sessionId, { done, hangup: () => input.hangup('agent_hangup') });
  // A record that never comes (a bug, a database gone for a minute) must not leave the call in progress forever.
  void input.mediaEnded.then(() => {
    const timer = setTimeout(() => fail(new Error('the call ended but its record was not written')), RECORD_GRACE_MS);
    void done.finally(() => clearTimeout(timer)).catch(() => {});
  });
  if (node.temporal) {
    // Not awaited: the caller hears the agent at once, whatever Temporal's state (a server restarting, a channel
    // reconnecting). A call that ends before its workflow starts is found not held, and finalized only if unrecorded.
    const args: [LiveCallInput] = [{ sessionId: input.sessionId, mediaQueue: node.queue }];
    void node.temporal.client.workflow
      .start('liveCall', {
        taskQueue: node.temporal.taskQueue,
        workflowId: workflowIds.liveCall(input.sessionId),
        args,
        workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      })
      .catch((error: unknown) => input.log.warn({ err: error }, 'live call: could not start its workflow; the call goes on unsupervised'));
  }
  return settle;
}
