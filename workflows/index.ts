// Every workflow the worker runs is exported from here (the worker bundles
// this file). Workflows are deterministic: they import only
// @temporalio/workflow, other workflow files, and types (see eslint.config.js).
export { testRun } from './test-run/test-run.workflow.js';
export { releasePipeline } from './release-pipeline/release-pipeline.workflow.js';
export { triggerRun } from './trigger-run/trigger-run.workflow.js';
export { outboundCall } from './outbound-call/outbound-call.workflow.js';
export { mcpToolSync } from './mcp-tool-sync/mcp-tool-sync.workflow.js';
export { outboundCampaign } from './outbound-campaign/outbound-campaign.workflow.js';
export { campaignDial } from './outbound-campaign/campaign-dial.workflow.js';
export { campaignDialBatch } from './outbound-campaign/campaign-dial-batch.workflow.js';
export { permissionRequest } from './permission-request/permission-request.workflow.js';
export { voiceClone } from './voice-clone/voice-clone.workflow.js';
export { liveCall } from './live-call/live-call.workflow.js';
