import type { z } from 'zod';
import type { Em } from '../../../db/orm.js';
import { recordAudit } from '../../audit/record-audit.js';
import type { Principal } from '../../org/permissions.js';
import { operation } from '../../operation.js';
import { findAgent } from '../../agents/agent-access.js';
import { AssignAgentDestinationBody, type DestinationView } from '../telephony.schemas.js';
import { findDestination, agentNotFoundAt } from './destination-access.js';
import { toDestinationView } from './destination-views.js';

/** Points a destination at an agent (replacing the agent it had): calls to it reach this agent from now on. */
export const assignAgentDestination = operation(
  { needs: 'numbers:manage', input: AssignAgentDestinationBody },
  async (em: Em, principal: Principal, body: z.output<typeof AssignAgentDestinationBody>): Promise<DestinationView> => {
    const agent = await findAgent(em, principal, body.agent_id).catch(agentNotFoundAt('agent_id'));
    const destination = await findDestination(em, principal, body.destination_id, 'destination_id');
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
  },
);
