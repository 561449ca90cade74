import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { parseInput } from '../validation.js';
import { encryptSecret } from '../secrets/secret-box.js';
import { SipTrunk, SipTrunkEndpoint, TelephonyConnection } from './telephony.entity.js';
import {
  AssignTrunkDestinationBody, CreateSipTrunkBody, CreateSipTrunkEndpointBody, type DestinationView, type SipTrunkView,
} from './telephony.schemas.js';
import type { TelephonySettings } from './connections.js';
import { findDestination, toDestinationView } from './destinations.js';
import { findPage, type Page, type PageOf } from '../paging.js';

export async function createSipTrunk(em: Em, principal: Principal, input: CreateSipTrunkBody, settings: Pick<TelephonySettings, 'encryptionKey'>): Promise<SipTrunkView> {
  requirePermission(principal, 'numbers:manage');
  const body = parseInput(CreateSipTrunkBody, input, 'body');
  if (body.connection_id && !(await em.count(TelephonyConnection, { id: body.connection_id, organization: principal.organizationId }))) {
    throw new DomainError('NOT_FOUND', `Telephony connection ${body.connection_id} was not found`, {
      resource: 'Telephony connection', id: body.connection_id, issues: [{ field: 'body.connection_id', message: 'no such connection in this organization' }],
    });
  }
  const id = newId('sipTrunk');
  const trunk = em.create(SipTrunk, {
    id, organization: principal.organizationId, name: body.name, direction: body.direction, connection: body.connection_id ?? null,
    authUsername: body.auth?.username ?? null,
    authPasswordEncrypted: body.auth ? encryptSecret(settings.encryptionKey, body.auth.password, principal.organizationId) : null,
    allowedIps: body.allowed_ips,
  });
  recordAudit(em, principal, {
    action: 'sip_trunk.create', targetType: 'sip_trunk', targetId: id,
    data: { name: body.name, direction: body.direction, auth_username: trunk.authUsername ?? null, allowed_ips: body.allowed_ips },
  });
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      throw new DomainError('CONFLICT', `The organization has a SIP trunk named "${body.name}" already`, {
        issues: [{ field: 'body.name', message: 'already used by another trunk' }],
      });
    }
    throw error;
  }
  return toSipTrunkView(trunk, []);
}

export async function createSipTrunkEndpoint(em: Em, principal: Principal, input: CreateSipTrunkEndpointBody): Promise<SipTrunkView> {
  requirePermission(principal, 'numbers:manage');
  const body = parseInput(CreateSipTrunkEndpointBody, input, 'body');
  const trunk = await findTrunk(em, principal, body.sip_trunk_id);
  const id = newId('sipTrunkEndpoint');
  em.create(SipTrunkEndpoint, {
    id, organization: principal.organizationId, trunk: trunk.id, uri: body.uri, priority: body.priority, weight: body.weight,
  });
  recordAudit(em, principal, {
    action: 'sip_trunk_endpoint.create', targetType: 'sip_trunk', targetId: trunk.id, data: { endpoint_id: id, uri: body.uri },
  });
  await em.flush();
  return getSipTrunkView(em, trunk);
}

export async function assignTrunkDestination(em: Em, principal: Principal, input: AssignTrunkDestinationBody): Promise<DestinationView> {
  requirePermission(principal, 'numbers:manage');
  const body = parseInput(AssignTrunkDestinationBody, input, 'body');
  const trunk = await findTrunk(em, principal, body.sip_trunk_id);
  const destination = await findDestination(em, principal, body.destination_id, 'body.destination_id');
  destination.trunk = trunk.id;
  recordAudit(em, principal, {
    action: 'sip_trunk.destination.assign', targetType: 'destination', targetId: destination.id, data: { sip_trunk_id: trunk.id },
  });
  await em.flush();
  return toDestinationView(destination);
}

export async function listSipTrunks(em: Em, principal: Principal, query: Page): Promise<PageOf<SipTrunkView>> {
  requirePermission(principal, 'agents:read');
  const page = await findPage(em, SipTrunk, { organization: principal.organizationId }, query, { list: 'sip_trunks', order: 'asc' });
  const trunks = page.items;
  const endpoints = trunks.length
    ? await em.find(SipTrunkEndpoint, { trunk: { $in: trunks.map((t) => t.id) } }, { orderBy: { priority: 'asc', id: 'asc' } })
    : [];
  return { ...page, items: trunks.map((t) => toSipTrunkView(t, endpoints.filter((e) => e.trunk === t.id))) };
}

export async function deleteSipTrunk(em: Em, principal: Principal, id: string): Promise<{ deleted: true; sip_trunk_id: string }> {
  requirePermission(principal, 'numbers:manage');
  const trunk = await findTrunk(em, principal, id, 'path.sip_trunk_id');
  em.remove(trunk);
  recordAudit(em, principal, { action: 'sip_trunk.delete', targetType: 'sip_trunk', targetId: id, data: { name: trunk.name } });
  await em.flush();
  return { deleted: true, sip_trunk_id: id };
}

async function findTrunk(em: Em, principal: Principal, id: string, field = 'body.sip_trunk_id'): Promise<SipTrunk> {
  const trunk = await em.findOne(SipTrunk, { id, organization: principal.organizationId });
  if (!trunk) {
    throw new DomainError('NOT_FOUND', `SIP trunk ${id} was not found`, {
      resource: 'SIP trunk', id, issues: [{ field, message: 'no such SIP trunk in this organization' }],
    });
  }
  return trunk;
}

async function getSipTrunkView(em: Em, trunk: SipTrunk): Promise<SipTrunkView> {
  const endpoints = await em.find(SipTrunkEndpoint, { trunk: trunk.id }, { orderBy: { priority: 'asc', id: 'asc' } });
  return toSipTrunkView(trunk, endpoints);
}

function toSipTrunkView(t: SipTrunk, endpoints: SipTrunkEndpoint[]): SipTrunkView {
  return {
    sip_trunk_id: t.id, name: t.name, direction: t.direction, connection_id: t.connection ?? null,
    auth_username: t.authUsername ?? null, has_password: Boolean(t.authPasswordEncrypted), allowed_ips: t.allowedIps,
    endpoints: endpoints.map((e) => ({ sip_trunk_endpoint_id: e.id, uri: e.uri, priority: e.priority, weight: e.weight })),
    created_at: t.createdAt.toISOString(),
  };
}

