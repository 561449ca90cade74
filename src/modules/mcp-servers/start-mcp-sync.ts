import type { z } from 'zod';
import { WorkflowIdConflictPolicy, WorkflowIdReusePolicy } from '@temporalio/client';
import type { Em } from '../../db/orm.js';
import { DomainError, validationFailed } from '../errors.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { isDeadlineError, withinDeadline } from '../../temporal/deadline.js';
import type { TemporalAccess } from '../temporal-access.js';
import { workflowIds } from '../../../workflows/workflow-ids.js';
import type { McpToolSyncInput, McpToolSyncOutcome } from '../../../workflows/mcp-tool-sync/messages.js';
import { McpServerTool } from './mcp-servers.entity.js';
import { SYNC_WAIT_DEFAULT_SECONDS, SyncMcpToolsBody, type McpSyncResult, type McpToolView, type SyncMcpToolsQuery } from './mcp-servers.schemas.js';
import { findMcpServer } from './mcp-server-access.js';
import { ensureMcpSyncSchedule } from './mcp-sync-schedule.js';
import { toMcpToolView } from './mcp-server-views.js';
import { noProgress, type ReportProgress } from '../progress.js';

export interface McpSyncAnswer {
  workflow_id: string;
  run_id: string;
  status: 'running' | 'finished';
  timed_out: boolean;
  result: McpSyncResult | null;
  tools: McpToolView[] | null;
}

/**
 * Starts the server's mcpToolSync workflow (tool_mcp_sync and the REST
 * route). The id is the server's (mcp-sync/<id>) with USE_EXISTING, so
 * requests while a sync runs join it instead of starting a second; once it
 * has finished, the next request starts a new run. With `wait` (body, or
 * `?wait=true` for REST clients that send no body), waits for the result
 * under a gRPC deadline of `wait_seconds` (withinDeadline: the long poll ends
 * there rather than running on) and returns it with the server's tools as
 * the sync left them (a server that could not be reached is `ok: false` with
 * its error); when the deadline passes first, answers `status: running`,
 * `timed_out: true`, and the sync goes on. Also makes sure the server's
 * periodic sync schedule exists.
 */
export const startMcpSync = operation(
  { needs: 'tools:manage', input: SyncMcpToolsBody },
  async (
    em: Em,
    principal: Principal,
    serverId: string,
    body: z.output<typeof SyncMcpToolsBody>,
    temporal: TemporalAccess,
    query: SyncMcpToolsQuery = {},
    onProgress: ReportProgress = noProgress,
  ): Promise<McpSyncAnswer> => {
    const { wait, waitMs } = waitSettings(body, query);
    const server = await findMcpServer(em, principal, serverId);
    const workflowId = workflowIds.mcpToolSync(server.id);
    let handle;
    try {
      handle = await temporal.client.workflow.start<(input: McpToolSyncInput) => Promise<McpToolSyncOutcome>>('mcpToolSync', {
        taskQueue: temporal.taskQueue,
        workflowId,
        workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
        workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
        args: [{ mcpServerId: server.id }],
      });
      await ensureMcpSyncSchedule(temporal, server.id);
    } catch (error) {
      throw new DomainError('UNAVAILABLE', `The workflow service (Temporal) did not accept the sync: ${(error as Error).message}`);
    }
    const answer: McpSyncAnswer = {
      workflow_id: workflowId,
      run_id: handle.firstExecutionRunId,
      status: 'running',
      timed_out: false,
      result: null,
      tools: null,
    };
    if (!wait) return answer;
    let result: McpSyncResult;
    // The sync is one listing of the server's tools: progress is the time waited, out of the time allowed.
    const total = Math.round(waitMs / 1000);
    const started = Date.now();
    const tick = () =>
      onProgress({ progress: Math.min(total, Math.floor((Date.now() - started) / 1000)), total, message: `syncing the tools of ${server.name}` });
    tick();
    const ticker = setInterval(tick, 1000);
    try {
      result = await withinDeadline(temporal.client, waitMs, () => handle.result());
    } catch (error) {
      if (!isDeadlineError(error)) throw error;
      return { ...answer, timed_out: true };
    } finally {
      clearInterval(ticker);
    }
    const tools = await em.find(McpServerTool, { server: server.id }, { orderBy: { name: 'asc' } });
    onProgress({ progress: total, total, message: `synced ${tools.filter((t) => !t.removedAt).length} tools` });
    return { ...answer, status: 'finished', result, tools: tools.map(toMcpToolView) };
  },
);

/** The body's settings, else the query's; the two must not disagree. */
function waitSettings(body: SyncMcpToolsBody, query: SyncMcpToolsQuery): { wait: boolean; waitMs: number } {
  const queryWait = query.wait === undefined ? undefined : query.wait === 'true';
  const querySeconds = query.wait_seconds === undefined ? undefined : Number(query.wait_seconds);
  if (body.wait !== undefined && queryWait !== undefined && body.wait !== queryWait) {
    throw validationFailed([{ field: 'wait', message: `says ${queryWait} while the body's wait says ${body.wait}: send one` }]);
  }
  const seconds = body.wait_seconds ?? querySeconds ?? SYNC_WAIT_DEFAULT_SECONDS;
  return { wait: body.wait ?? queryWait ?? false, waitMs: seconds * 1000 };
}
