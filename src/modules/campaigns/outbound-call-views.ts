import { workflowIds } from '../../../workflows/workflow-ids.js';
import type { OutboundCall } from './campaigns.entity.js';
import type { OutboundCallView } from './campaigns.schemas.js';

export function toOutboundCallView(call: OutboundCall): OutboundCallView {
  return {
    outbound_call_id: call.id,
    agent_id: call.agent,
    version_id: call.versionId,
    session_id: call.sessionId,
    from_number: call.fromNumber,
    to_number: call.toNumber,
    contact_id: call.contactId ?? null,
    variables: call.variables,
    status: call.status,
    end_reason: call.endReason ?? null,
    error: call.error ?? null,
    workflow_id: workflowIds.outboundCall(call.sessionId),
    created_at: call.createdAt.toISOString(),
    updated_at: call.updatedAt.toISOString(),
  };
}
