import { ScheduleAlreadyRunning, ScheduleOverlapPolicy } from '@temporalio/client';
import type { TemporalAccess } from '../temporal-access.js';
import { workflowIds } from '../../../workflows/workflow-ids.js';
import type { McpToolSyncInput } from '../../../workflows/mcp-tool-sync/messages.js';

/** How often a server's tools are synced without anyone asking: tool lists change with server releases, not by the minute. */
export const MCP_SYNC_INTERVAL = '6 hours';

/**
 * Makes sure the server has its periodic sync (a Temporal Schedule starting
 * mcpToolSync every MCP_SYNC_INTERVAL; a run still going when the next is
 * due is skipped). Idempotent: an existing schedule is left as it is. Called
 * when a server is created and again on every on-demand sync, so a server
 * created while Temporal was away gets its schedule later.
 */
export async function ensureMcpSyncSchedule(temporal: TemporalAccess, mcpServerId: string): Promise<void> {
  try {
    await temporal.client.schedule.create({
      scheduleId: workflowIds.mcpToolSyncSchedule(mcpServerId),
      spec: { intervals: [{ every: MCP_SYNC_INTERVAL }] },
      policies: { overlap: ScheduleOverlapPolicy.SKIP },
      action: {
        type: 'startWorkflow',
        workflowType: 'mcpToolSync',
        taskQueue: temporal.taskQueue,
        workflowId: workflowIds.mcpToolSync(mcpServerId),
        args: [{ mcpServerId } satisfies McpToolSyncInput],
      },
    });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
  }
}
