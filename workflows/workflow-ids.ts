/**
 * Workflow ids are business keys, built here and nowhere else: one release has one pipeline, one evaluation has one test run, so
 * starting either twice finds the one that exists instead of making a second.
 * This file lives beside the workflows because a workflow starts its child
 * by id and may import nothing but workflow files; src/ imports it from here.
 */
export const workflowIds = {
  release: (releaseId: string) => `release/${releaseId}`,
  testRun: (evaluationId: string) => `test-run/${evaluationId}`,
  /** One delivery (with its retries) of one event to one trigger; a re-send is a new run, so a new workflow. */
  triggerRun: (runId: string) => `trigger-run/${runId}`,
  /** One sync at a time per external MCP server: a second request joins the running one (USE_EXISTING). */
  mcpToolSync: (mcpServerId: string) => `mcp-sync/${mcpServerId}`,
  /** The Temporal Schedule that syncs a server periodically (its runs get Temporal's own ids: mcp-sync/<id>-<time>). */
  mcpToolSyncSchedule: (mcpServerId: string) => `mcp-sync/${mcpServerId}`,
  /** One outbound call; keyed by its pre-assigned session id, which is also the carrier idempotency key. */
  outboundCall: (sessionId: string) => `call/${sessionId}`,
  campaign: (campaignId: string) => `campaign/${campaignId}`,
  /** One attempt at one recipient: refused if it exists, so an attempt is dialled at most once. */
  dial: (campaignId: string, contactId: string, attempt: number) => `dial/${campaignId}/${contactId}/${attempt}`,
  /** The carrier dials of one claim (its token: the campaign run's id and the claim's number in it). */
  dialBatch: (campaignId: string, token: string) => `dial-batch/${campaignId}/${token}`,
  /** One Ask-permission action; the id derives from the call, the tool and its arguments, so a replayed conversation finds it. */
  permissionRequest: (requestId: string) => `permission/${requestId}`,
  /** One voice-clone job; started once (REJECT_DUPLICATE), a repeated request finds it. */
  voiceClone: (voiceCloneId: string) => `voice-clone/${voiceCloneId}`,
  /** One live SIP call's lifecycle, keyed by its session id. */
  liveCall: (sessionId: string) => `live-call/${sessionId}`,
};
