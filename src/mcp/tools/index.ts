import type { Tool } from '../tool.js';
import { listCalls } from './list-calls.js';
import { getCall } from './get-call.js';
import { getCallToolCall } from './get-call-tool-call.js';
import { getCallRecordingUrl } from './get-call-recording-url.js';
import { getCallCostBreakdown } from './get-call-cost-breakdown.js';
import { analyticsOverview } from './analytics-overview.js';
import { analyticsTimeSeries } from './analytics-time-series.js';
import { analyticsHeatmap } from './analytics-heatmap.js';
import { analyticsTurnStats } from './analytics-turn-stats.js';
import { analyticsCost } from './analytics-cost.js';
import { billingOverviewGet } from './billing-overview-get.js';
import { createAgent } from './create-agent.js';
import { updateAgent } from './update-agent.js';
import { patchAgentPrompt } from './patch-agent-prompt.js';
import { listAgentPromptRevisions } from './list-agent-prompt-revisions.js';
import { getAgentPromptRevision } from './get-agent-prompt-revision.js';
import { createAgentBranch } from './create-agent-branch.js';
import { previewAgentBranchMerge } from './preview-agent-branch-merge.js';
import { mergeAgentBranch } from './merge-agent-branch.js';
import { setAgentTrafficSplit } from './set-agent-traffic-split.js';
import { publishAgent } from './publish-agent.js';
import { testCreate } from './test-create.js';
import { testRun } from './test-run.js';
import { evaluationGet } from './evaluation-get.js';
import { releaseStart } from './release-start.js';
import { releaseGet } from './release-get.js';
import { agentTriggerCreate } from './agent-trigger-create.js';
import { getAgentTriggerRun } from './get-agent-trigger-run.js';
import { contactResolveOrCreate } from './contact-resolve-or-create.js';
import { outboundDncAdd } from './outbound-dnc-add.js';
import { phoneNumberSearch } from './phone-number-search.js';
import { phoneNumberPurchase } from './phone-number-purchase.js';
import { listVoices } from './list-voices.js';
import { voiceCloneStart } from './voice-clone-start.js';
import { toolHttpImportSpec } from './tool-http-import-spec.js';
import { toolMcpSync } from './tool-mcp-sync.js';
import { resourceCreate } from './resource-create.js';
import { retrieveContext } from './retrieve-context.js';
import { outboundCallCreate } from './outbound-call-create.js';
import { outboundCallGet } from './outbound-call-get.js';
import { outboundCampaignLaunch } from './outbound-campaign-launch.js';
import { hangupCallTool } from './hangup-call.js';
import { listAgentsTool } from './list-agents.js';
import { listAgentBranchesTool } from './list-agent-branches.js';
import { listTestsTool } from './list-tests.js';
import { listAgentTriggersTool } from './list-agent-triggers.js';
import { listAgentTriggerRunsTool } from './list-agent-trigger-runs.js';
import { listPhoneNumbersTool } from './list-phone-numbers.js';
import { listCampaignsTool } from './list-campaigns.js';
import { listCampaignRecipientsTool } from './list-campaign-recipients.js';
import { listReleasesTool } from './list-releases.js';
import { listMcpServersTool } from './list-mcp-servers.js';
import { listKnowledgeResourcesTool } from './list-knowledge-resources.js';
import { voiceCloneGet } from './voice-clone-get.js';
import { releaseMoveTools } from './release-moves.js';
import { campaignMoveTools } from './campaign-moves.js';
import { mcpServerDelete } from './mcp-server-delete.js';
import { unpublishAgent } from './unpublish-agent.js';
import { archiveAgent } from './archive-agent.js';
import { unarchiveAgent } from './unarchive-agent.js';
import { mcpServerAssign } from './mcp-server-assign.js';
import { mcpServerUnassign } from './mcp-server-unassign.js';
import { toolHttpDelete } from './tool-http-delete.js';
import { contactDelete } from './contact-delete.js';
import { projectDelete } from './project-delete.js';
import { resourceDelete } from './resource-delete.js';
import { testDelete } from './test-delete.js';

/**
 * Every tool the MCP server offers, in the order tools/list shows them (the
 * spec's groups). Only tools that work are listed here: the spec's other
 * tools are added as their capabilities land in modules/.
 */
export const platformTools: readonly Tool[] = [
  listCalls,
  getCall,
  getCallToolCall,
  getCallRecordingUrl,
  getCallCostBreakdown,
  hangupCallTool,
  listAgentsTool,
  createAgent,
  updateAgent,
  patchAgentPrompt,
  listAgentPromptRevisions,
  getAgentPromptRevision,
  listAgentBranchesTool,
  createAgentBranch,
  mergeAgentBranch,
  previewAgentBranchMerge,
  setAgentTrafficSplit,
  publishAgent,
  listReleasesTool,
  releaseStart,
  releaseGet,
  ...releaseMoveTools,
  listTestsTool,
  testCreate,
  testDelete,
  testRun,
  evaluationGet,
  listAgentTriggersTool,
  agentTriggerCreate,
  listAgentTriggerRunsTool,
  getAgentTriggerRun,
  analyticsOverview,
  analyticsTimeSeries,
  analyticsHeatmap,
  analyticsTurnStats,
  analyticsCost,
  billingOverviewGet,
  contactResolveOrCreate,
  outboundDncAdd,
  outboundCallCreate,
  outboundCallGet,
  listCampaignsTool,
  listCampaignRecipientsTool,
  outboundCampaignLaunch,
  ...campaignMoveTools,
  listPhoneNumbersTool,
  phoneNumberSearch,
  phoneNumberPurchase,
  listVoices,
  voiceCloneStart,
  voiceCloneGet,
  toolHttpImportSpec,
  listMcpServersTool,
  toolMcpSync,
  mcpServerDelete,
  unpublishAgent,
  archiveAgent,
  unarchiveAgent,
  mcpServerAssign,
  mcpServerUnassign,
  toolHttpDelete,
  contactDelete,
  projectDelete,
  listKnowledgeResourcesTool,
  resourceCreate,
  resourceDelete,
  retrieveContext,
];
