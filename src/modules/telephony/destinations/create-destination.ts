import type { z } from 'zod';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Em } from '../../../db/orm.js';
import { newId } from '../../ids.js';
import { DomainError } from '../../errors.js';
import { recordAudit } from '../../audit/record-audit.js';
import type { Principal } from '../../org/permissions.js';
import { operation } from '../../operation.js';
import { findAgent } from '../../agents/agent-access.js';
import { Destination, PhoneNumber, SipTrunk } from '../telephony.entity.js';
import { CreateDestinationBody, type DestinationView } from '../telephony.schemas.js';
import { agentNotFoundAt } from './destination-access.js';
import { toDestinationView } from './destination-views.js';

/**
 * A destination is an address an agent answers. A phone-number destination
 * must be one of the organization's own numbers (else anyone could claim a
 * number and receive its calls); the number then points at it, which is the
 * link inbound routing follows.
 */
export const createDestination = operation(
  { needs: 'numbers:manage', input: CreateDestinationBody },
  async (em: Em, principal: Principal, body: z.output<typeof CreateDestinationBody>): Promise<DestinationView> => {
    let number: PhoneNumber | null = null;
    if (body.kind === 'phone_number') {
      number = await em.findOne(PhoneNumber, { number: body.address, organization: principal.organizationId });
      if (!number) {
        throw new DomainError('UNPROCESSABLE', `${body.address} is not one of the organization's phone numbers: purchase or import it first`, {
          issues: [{ field: 'address', message: 'not a number of this organization' }],
        });
      }
    }
    if (body.agent_id) await findAgent(em, principal, body.agent_id).catch(agentNotFoundAt('agent_id'));
    if (body.sip_trunk_id && !(await em.count(SipTrunk, { id: body.sip_trunk_id, organization: principal.organizationId }))) {
      throw new DomainError('NOT_FOUND', `SIP trunk ${body.sip_trunk_id} was not found`, {
        resource: 'SIP trunk',
        id: body.sip_trunk_id,
        issues: [{ field: 'sip_trunk_id', message: 'no such SIP trunk in this organization' }],
      });
    }
    const id = newId('destination');
    const destination = em.create(Destination, {
      id,
      organization: principal.organizationId,
      kind: body.kind,
      address: body.address,
      agent: body.agent_id ?? null,
      trunk: body.sip_trunk_id ?? null,
      allowUnauthenticatedSip: body.allow_unauthenticated_sip,
    });
    if (number) number.destination = id;
    recordAudit(em, principal, {
      action: 'destination.create',
      targetType: 'destination',
      targetId: id,
      data: { kind: body.kind, address: body.address, agent_id: body.agent_id ?? null, allow_unauthenticated_sip: body.allow_unauthenticated_sip },
    });
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw new DomainError('CONFLICT', `${body.address} is already a destination`, { issues: [{ field: 'address', message: 'already a destination' }] });
      }
      throw error;
    }
    return toDestinationView(destination);
  },
);
