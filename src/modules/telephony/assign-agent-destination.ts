import type { Em } from '../../db/orm.js';
import { recordAudit } from '../audit/record-audit.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { parseInput } from '../validation.js';
import { findAgent } from '../agents/agent-access.js';
import { AssignAgentDestinationBody, type DestinationView } from './telephony.schemas.js';
import { findDestination, agentNotFoundAt } from './destination-access.js';
import { toDestinationView } from './destination-views.js';

/** Points a destination at an agent (replacing the agent it had): calls to it reach this agent from now on. */
export async function assignAgentDestination(em: Em, principal: Principal, input: AssignAgentDestinationBody): Promise<DestinationView> {
  requirePermission(principal, 'numbers:manage');
  const body = parseInput(AssignAgentDestinationBody, input, 'body');
  const agent = await findAgent(em, principal, body.agent_id).catch(agentNotFoundAt('body.agent_id'));
  const destination = await findDestination(em, principal, body.destination_id, 'body.destination_id');
  const previous = destination.agent ?? null;
  destination.agent = agent.id;
  recordAudit(em, principal, {
    action: 'agent.destination.assign',
    targetType: 'destination',
    targetId: destination.id,
    projectId: agent.project,
    data: { agent_id: agent.id, previous_agent_id: previous },
  });
  await em.flush();
  return toDestinationView(destination);
}
