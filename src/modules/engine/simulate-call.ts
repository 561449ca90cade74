import { sql, type Em } from '../../db/orm.js';
import { DomainError } from '../errors.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { parseInput } from '../validation.js';
import { findAgent, findBranch } from '../agents/agent-access.js';
import { normalizeAddress, routeCall } from '../agents/route-call.js';
import { getSession } from '../calls/get-session.js';
import type { SessionView } from '../calls/calls.schemas.js';
import { SimulateCallBody } from './engine.schemas.js';
import { runConversation, type EngineDeps } from './run-conversation.js';

/**
 * A simulated call (issue 4: "a simulated inbound call through REST"): the
 * customer's turns as text, run through the same engine and written as a
 * real call session. The version is the one named (a version of the agent,
 * or a branch's head), else the one a real call from this caller would reach
 * (routeCall: the traffic split, else the live version).
 */
export async function simulateCall(deps: EngineDeps, em: Em, principal: Principal, agentId: string, input: SimulateCallBody): Promise<SessionView> {
  requirePermission(principal, 'tests:run');
  const body = parseInput(SimulateCallBody, input, '');
  const agent = await findAgent(em, principal, agentId);
  const address = normalizeAddress(body.caller.address);

  let versionId: string;
  if (body.version_id !== undefined) {
    // The id only: the engine loads the version itself.
    const [found] = await sql<{ id: string }>(em, 'select id from agent_version where id = ? and agent_id = ?', [body.version_id, agent.id]);
    if (!found) {
      throw new DomainError('NOT_FOUND', `Version ${body.version_id} was not found on agent ${agent.id}`, {
        resource: 'Agent version',
        id: body.version_id,
        issues: [{ field: 'version_id', message: 'no such version of this agent' }],
      });
    }
    versionId = found.id;
  } else if (body.branch_id !== undefined) {
    versionId = (await findBranch(em, agent, body.branch_id)).headVersionId;
  } else {
    versionId = routeCall(agent, address);
  }

  const result = await runConversation(deps, {
    organizationId: agent.organization,
    projectId: agent.project,
    agentId: agent.id,
    versionId,
    direction: body.direction,
    // Scripted turns, no one on the line: not a call to bill or to count in analytics by default.
    kind: 'simulation',
    caller: { name: body.caller.name ?? null, address },
    phoneNumber: body.phone_number ? normalizeAddress(body.phone_number) : null,
    customerTurns: body.customer_turns,
  });
  return getSession(em, principal.organizationId, result.sessionId, principal.projectId);
}
