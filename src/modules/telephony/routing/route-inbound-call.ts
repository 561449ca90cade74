import type { Em } from '../../../db/orm.js';
import { DomainError } from '../../errors.js';
import { requirePermission, type Principal } from '../../org/permissions.js';
import { parseInput } from '../../validation.js';
import { Agent } from '../../agents/agents.entity.js';
import { normalizeAddress, routeCall } from '../../agents/route-call.js';
import { getSession } from '../../calls/get-session.js';
import type { SessionView } from '../../calls/calls.schemas.js';
import { runConversation, type EngineDeps } from '../../engine/run-conversation.js';
import { Destination, PhoneNumber } from '../telephony.entity.js';
import { E164Number, SimulateInboundBody } from '../telephony.schemas.js';

export interface InboundRoute {
  organizationId: string;
  projectId: string;
  agentId: string;
  versionId: string;
  destinationId: string;
  /** The called address as routed: E.164 for numbers, the lower-cased URI for SIP. */
  calledAddress: string;
}

/**
 * Where an inbound call goes: the called number (or SIP address) → its
 * destination → the destination's agent → the version the agent's traffic
 * split gives this caller (routeCall: a stable hash of caller and agent, so
 * a caller keeps reaching the same version). Runs before anyone is signed
 * in, so it looks addresses up across the platform (they are unique there)
 * and answers NOT_FOUND / CONFLICT when the call cannot be taken.
 */
export async function routeInboundCall(em: Em, calledAddress: string, callerAddress: string): Promise<InboundRoute> {
  const { destination, called } = await findInboundDestination(em, calledAddress);
  if (!destination) throw new DomainError('NOT_FOUND', `${called} is not routed to any destination`, { resource: 'Destination', id: called });
  if (!destination.agent) {
    throw new DomainError('CONFLICT', `Destination ${destination.id} (${called}) has no agent: assign one with agent/destination/assign`, {
      destination_id: destination.id,
    });
  }
  const agent = await em.findOne(Agent, { id: destination.agent });
  if (!agent) throw new DomainError('NOT_FOUND', `Agent ${destination.agent} was not found`, { resource: 'Agent', id: destination.agent });
  return {
    organizationId: agent.organization,
    projectId: agent.project,
    agentId: agent.id,
    versionId: routeCall(agent, normalizeAddress(callerAddress)),
    destinationId: destination.id,
    calledAddress: called,
  };
}

/** The destination a called number (E.164) or SIP address routes to, and the address as routed; null when none. */
export async function findInboundDestination(em: Em, calledAddress: string): Promise<{ destination: Destination | null; called: string }> {
  if (/^sips?:/i.test(calledAddress.trim())) {
    const called = calledAddress.trim().replace(/^sip(s?):/i, 'sip$1:');
    return { destination: await em.findOne(Destination, { address: called, kind: 'sip_address' }), called };
  }
  const called = parseInput(E164Number, calledAddress, 'called_number');
  const number = await em.findOne(PhoneNumber, { number: called });
  return { destination: number?.destination ? await em.findOne(Destination, { id: number.destination }) : null, called };
}

/**
 * A simulated inbound call to one of the organization's numbers: routed as a
 * real call is, then run through the engine with the caller's turns as text,
 * written as a real call session.
 */
export async function simulateInboundCall(deps: EngineDeps, em: Em, principal: Principal, number: string, input: SimulateInboundBody): Promise<SessionView> {
  requirePermission(principal, 'tests:run');
  const called = parseInput(E164Number, number, 'number');
  const body = parseInput(SimulateInboundBody, input, '');
  // Only the organization's own numbers: routing is platform-wide, simulation is not.
  const owned = await em.findOne(PhoneNumber, { number: called, organization: principal.organizationId });
  if (!owned) {
    throw new DomainError('NOT_FOUND', `Phone number ${called} was not found`, {
      resource: 'Phone number',
      id: called,
      issues: [{ field: 'number', message: 'not a number of this organization' }],
    });
  }
  const route = await routeInboundCall(em, called, body.caller.address);
  if (principal.projectId && route.projectId !== principal.projectId) {
    throw new DomainError('NOT_FOUND', `Phone number ${called} was not found`, { resource: 'Phone number', id: called });
  }
  const result = await runConversation(deps, {
    organizationId: route.organizationId,
    projectId: route.projectId,
    agentId: route.agentId,
    versionId: route.versionId,
    direction: 'inbound',
    // Routed as a real call is, but the caller's turns are text: a simulation.
    kind: 'simulation',
    caller: { name: body.caller.name ?? null, address: body.caller.address },
    phoneNumber: called,
    customerTurns: body.customer_turns,
  });
  return getSession(em, principal.organizationId, result.sessionId, principal.projectId);
}
