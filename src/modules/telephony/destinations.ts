import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { parseInput } from '../validation.js';
import { findAgent } from '../agents/agent-access.js';
import { Destination, PhoneNumber, SipTrunk } from './telephony.entity.js';
import { AssignAgentDestinationBody, CreateDestinationBody, type DestinationView } from './telephony.schemas.js';
import { findPage, type Page, type PageOf } from '../paging.js';

/**
 * A destination is an address an agent answers. A phone-number destination
 * must be one of the organization's own numbers (else anyone could claim a
 * number and receive its calls); the number then points at it, which is the
 * link inbound routing follows.
 */
export async function createDestination(em: Em, principal: Principal, input: CreateDestinationBody): Promise<DestinationView> {
  requirePermission(principal, 'numbers:manage');
  const body = parseInput(CreateDestinationBody, input, 'body');
  let number: PhoneNumber | null = null;
  if (body.kind === 'phone_number') {
    number = await em.findOne(PhoneNumber, { number: body.address, organization: principal.organizationId });
    if (!number) {
      throw new DomainError('UNPROCESSABLE', `${body.address} is not one of the organization's phone numbers: purchase or import it first`, {
        issues: [{ field: 'body.address', message: 'not a number of this organization' }],
      });
    }
  }
  if (body.agent_id) await findAgent(em, principal, body.agent_id).catch(rename('body.agent_id'));
  if (body.sip_trunk_id && !(await em.count(SipTrunk, { id: body.sip_trunk_id, organization: principal.organizationId }))) {
    throw new DomainError('NOT_FOUND', `SIP trunk ${body.sip_trunk_id} was not found`, {
      resource: 'SIP trunk', id: body.sip_trunk_id, issues: [{ field: 'body.sip_trunk_id', message: 'no such SIP trunk in this organization' }],
    });
  }
  const id = newId('destination');
  const destination = em.create(Destination, {
    id, organization: principal.organizationId, kind: body.kind, address: body.address, agent: body.agent_id ?? null, trunk: body.sip_trunk_id ?? null,
  });
  if (number) number.destination = id;
  recordAudit(em, principal, {
    action: 'destination.create', targetType: 'destination', targetId: id,
    data: { kind: body.kind, address: body.address, agent_id: body.agent_id ?? null },
  });
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      throw new DomainError('CONFLICT', `${body.address} is already a destination`, { issues: [{ field: 'body.address', message: 'already a destination' }] });
    }
    throw error;
  }
  return toDestinationView(destination);
}

/** Points a destination at an agent (replacing the agent it had): calls to it reach this agent from now on. */
export async function assignAgentDestination(em: Em, principal: Principal, input: AssignAgentDestinationBody): Promise<DestinationView> {
  requirePermission(principal, 'numbers:manage');
  const body = parseInput(AssignAgentDestinationBody, input, 'body');
  const agent = await findAgent(em, principal, body.agent_id).catch(rename('body.agent_id'));
  const destination = await findDestination(em, principal, body.destination_id, 'body.destination_id');
  const previous = destination.agent ?? null;
  destination.agent = agent.id;
  recordAudit(em, principal, {
    action: 'agent.destination.assign', targetType: 'destination', targetId: destination.id, projectId: agent.project,
    data: { agent_id: agent.id, previous_agent_id: previous },
  });
  await em.flush();
  return toDestinationView(destination);
}

export async function listDestinations(em: Em, principal: Principal, filter: { agentId?: string }, query: Page): Promise<PageOf<DestinationView>> {
  requirePermission(principal, 'agents:read');
  const page = await findPage(em, Destination, { organization: principal.organizationId, ...(filter.agentId ? { agent: filter.agentId } : {}) }, query,
    { list: 'destinations', order: 'asc', filters: { agent_id: filter.agentId } });
  return { ...page, items: page.items.map(toDestinationView) };
}

export async function deleteDestination(em: Em, principal: Principal, id: string): Promise<{ deleted: true; destination_id: string }> {
  requirePermission(principal, 'numbers:manage');
  const destination = await findDestination(em, principal, id, 'path.destination_id');
  em.remove(destination);
  recordAudit(em, principal, { action: 'destination.delete', targetType: 'destination', targetId: id, data: { address: destination.address } });
  await em.flush();
  return { deleted: true, destination_id: id };
}

export async function findDestination(em: Em, principal: Principal, id: string, field: string): Promise<Destination> {
  const destination = await em.findOne(Destination, { id, organization: principal.organizationId });
  if (!destination) {
    throw new DomainError('NOT_FOUND', `Destination ${id} was not found`, {
      resource: 'Destination', id, issues: [{ field, message: 'no such destination in this organization' }],
    });
  }
  return destination;
}

/** findAgent's 404 with the field that named the agent. */
function rename(field: string) {
  return (error: unknown): never => {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') {
      throw new DomainError('NOT_FOUND', error.message, { ...error.details, issues: [{ field, message: 'no such agent' }] });
    }
    throw error;
  };
}

export function toDestinationView(d: Destination): DestinationView {
  return {
    destination_id: d.id, kind: d.kind, address: d.address, agent_id: d.agent ?? null, sip_trunk_id: d.trunk ?? null,
    created_at: d.createdAt.toISOString(),
  };
}
