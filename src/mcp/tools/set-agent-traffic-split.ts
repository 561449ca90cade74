import { TrafficSplitResult } from '../../modules/agents/agents.schemas.js';
import { setAgentTrafficSplit as setSplit } from '../../modules/agents/set-agent-traffic-split.js';
import { defineTool } from '../tool.js';

export const setAgentTrafficSplit = defineTool({
  name: 'set_agent_traffic_split',
  title: "Split an agent's traffic between versions",
  description:
    'Routes callers between versions of an agent by whole percents that add up to 100, to try a change on part ' +
    'of the traffic. Each share names a version that has been published (versionId) or an open branch (branchId), ' +
    'which is resolved to its head now: later edits of the branch do not reach callers until you set the split ' +
    'again. A caller keeps landing on the same version while the split stays. An empty split sends every caller ' +
    'to the live version again. Every call records the version it ran on. A branch head must have passed the ' +
    "agent's required tests, as for merge_agent_branch; otherwise the split is refused naming the branch and the " +
    'missing tests, unless override.reason says why callers may reach it anyway (recorded in the audit log).',
  operation: setSplit,
  input: {},
  output: TrafficSplitResult,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: (input, { em, principal }) => setSplit(em, principal, input),
});
