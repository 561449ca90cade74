import type { z } from 'zod';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Em } from '../../../db/orm.js';
import { newId } from '../../ids.js';
import { DomainError } from '../../errors.js';
import { recordAudit } from '../../audit/record-audit.js';
import type { Principal } from '../../org/permissions.js';
import { operation } from '../../operation.js';
import { encryptSecret } from '../../secrets/secret-box.js';
import { SipTrunk, TelephonyConnection } from '../telephony.entity.js';
import { CreateSipTrunkBody, type SipTrunkView } from '../telephony.schemas.js';
import type { TelephonySettings } from '../carriers/connections.js';
import { toSipTrunkView } from './sip-trunk-access.js';

export const createSipTrunk = operation(
  { needs: 'numbers:manage', input: CreateSipTrunkBody },
  async (
    em: Em,
    principal: Principal,
    body: z.output<typeof CreateSipTrunkBody>,
    settings: Pick<TelephonySettings, 'encryptionKey'>,
  ): Promise<SipTrunkView> => {
    if (body.connection_id && !(await em.count(TelephonyConnection, { id: body.connection_id, organization: principal.organizationId }))) {
      throw new DomainError('NOT_FOUND', `Telephony connection ${body.connection_id} was not found`, {
        resource: 'Telephony connection',
        id: body.connection_id,
        issues: [{ field: 'connection_id', message: 'no such connection in this organization' }],
      });
    }
    const id = newId('sipTrunk');
    const trunk = em.create(SipTrunk, {
      id,
      organization: principal.organizationId,
      name: body.name,
      direction: body.direction,
      connection: body.connection_id ?? null,
      authUsername: body.auth?.username ?? null,
      authPasswordEncrypted: body.auth ? encryptSecret(settings.encryptionKey, body.auth.password, principal.organizationId) : null,
      allowedIps: body.allowed_ips,
    });
    recordAudit(em, principal, {
      action: 'sip_trunk.create',
      targetType: 'sip_trunk',
      targetId: id,
      data: { name: body.name, direction: body.direction, auth_username: trunk.authUsername ?? null, allowed_ips: body.allowed_ips },
    });
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw new DomainError('CONFLICT', `The organization has a SIP trunk named "${body.name}" already`, {
          issues: [{ field: 'name', message: 'already used by another trunk' }],
        });
      }
      throw error;
    }
    return toSipTrunkView(trunk, []);
  },
);
