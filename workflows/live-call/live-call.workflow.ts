import { allHandlersFinished, condition, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import type { MediaNodeActivities } from '../../activities/media-node.activities.js';
import { presets } from '../activity-presets.js';
import { hangupUpdate, statusQuery, type LiveCallInput, type LiveCallStatus } from './messages.js';

const records = proxyActivities<Activities>(presets.databaseStep);

/**
 * The durable lifecycle of one live call (id live-call/<session id>). The
 * real-time audio loop stays in the media process, never in a workflow; this
 * workflow only supervises it: one activity on the holding process's own task
 * queue lasts as long as the call, heartbeating. If it ends normally, the
 * process has recorded the call. If the process died (no heartbeat, or the
 * task was never picked up), the call is finalized here as media_lost, from
 * the process's last heartbeat, exactly once (live-sessions.ts). `hangup`
 * asks the holding process to end the call (REST, MCP).
 */
export async function liveCall(input: LiveCallInput): Promise<LiveCallStatus> {
  const node = proxyActivities<MediaNodeActivities>({ ...presets.liveCallSupervision, taskQueue: input.mediaQueue });
  const command = proxyActivities<MediaNodeActivities>({ ...presets.mediaCommand, taskQueue: input.mediaQueue });
  let status: LiveCallStatus = 'in_progress';
  setHandler(statusQuery, () => status);
  setHandler(hangupUpdate, async ({ reason }) => {
    if (status !== 'in_progress') return { accepted: false, status };
    try {
      return { accepted: await command.hangupLiveCall(input.sessionId, reason ?? 'hangup requested'), status };
    } catch {
      return { accepted: false, status };
    }
  });
  try {
    await node.superviseLiveCall(input.sessionId);
    status = 'ended';
  } catch {
    const { finalized } = await records.finalizeLostLiveCall(input.sessionId);
    status = finalized ? 'lost' : 'ended';
  }
  await condition(allHandlersFinished);
  return status;
}
