import { WorkflowIdConflictPolicy, WorkflowIdReusePolicy } from '@temporalio/client';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../errors.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { parseInput } from '../validation.js';
import type { TemporalAccess } from '../../temporal/temporal-access.js';
import { workflowIds } from '../../temporal/workflow-ids.js';
import type { McpToolSyncInput, McpToolSyncOutcome } from '../../../workflows/mcp-tool-sync/messages.js';
import { SyncMcpToolsBody, type McpSyncResult } from './mcp-servers.schemas.js';
import { findMcpServer } from './mcp-server-access.js';
import { ensureMcpSyncSchedule } from './mcp-sync-schedule.js';

/**
 * Starts the server's mcpToolSync workflow (tool_mcp_sync and the REST
 * route). The id is the server's (mcp-sync/<id>) with USE_EXISTING, so
 * requests while a sync runs join it instead of starting a second; once it
 * has finished, the next request starts a new run. With `wait`, returns the
 * result (a server that could not be reached is `ok: false` with its error).
 * Also makes sure the server's periodic sync schedule exists.
 */
export async function startMcpSync(
  em: Em, principal: Principal, serverId: string, input: unknown, temporal: TemporalAccess,
): Promise<{ workflow_id: string; run_id: string; result: McpSyncResult | null }> {
  requirePermission(principal, 'tools:manage');
  const body = parseInput(SyncMcpToolsBody, input ?? {}, 'body');
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
  const result = body.wait ? await handle.result() : null;
  return { workflow_id: workflowId, run_id: handle.firstExecutionRunId, result };
}
