import type { z } from 'zod';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Em } from '../../../db/orm.js';
import { newId } from '../../ids.js';
import { DomainError } from '../../errors.js';
import { recordAudit } from '../../audit/record-audit.js';
import type { Principal } from '../../org/permissions.js';
import { operation } from '../../operation.js';
import { assertPublicUrl } from '../../outbound-http.js';
import { encryptSecret } from '../../secrets/secret-box.js';
import { TelephonyConnection } from '../telephony.entity.js';
import { CreateConnectionBody, type ConnectionView } from '../telephony.schemas.js';
import { DEFAULT_SIMULATION } from './simulated-carrier.js';
import { TWILIO_BASE_URL } from './twilio/twilio-client.js';
import { TELNYX_BASE_URL } from './telnyx/telnyx-client.js';
import { toConnectionView } from './connection-views.js';
import { type TelephonySettings, assertCarrierHost, clientFor } from './connections.js';

/**
 * Registers a carrier account. Real credentials are checked with the
 * provider before anything is saved (a connection that cannot work is
 * refused now, not on the first dial), then stored encrypted with the
 * organization id bound in. The audit entry records that credentials were
 * set, never what they are.
 */
export const createConnection = operation(
  { needs: 'numbers:manage', input: CreateConnectionBody },
  async (em: Em, principal: Principal, body: z.output<typeof CreateConnectionBody>, settings: TelephonySettings): Promise<ConnectionView> => {
    const id = newId('telephonyConnection');
    let connection: TelephonyConnection;
    if (body.provider === 'simulated') {
      connection = em.create(TelephonyConnection, {
        id,
        organization: principal.organizationId,
        name: body.name,
        provider: 'simulated',
        credentialsEncrypted: null,
        baseUrl: null,
        simulation: {
          seed: body.simulation?.seed ?? DEFAULT_SIMULATION.seed,
          rules: body.simulation?.rules ?? [],
          distribution: body.simulation?.distribution ?? DEFAULT_SIMULATION.distribution,
        },
      });
    } else {
      if (body.base_url) {
        assertPublicUrl(body.base_url, 'base_url', settings.allowedHosts);
        assertCarrierHost(body.base_url, settings.carrierHosts, 'VALIDATION_FAILED');
      }
      const baseUrl = (body.base_url ?? (body.provider === 'twilio' ? TWILIO_BASE_URL : TELNYX_BASE_URL)).replace(/\/+$/, '');
      await clientFor(body.provider, body.credentials, baseUrl, settings).validateCredentials();
      connection = em.create(TelephonyConnection, {
        id,
        organization: principal.organizationId,
        name: body.name,
        provider: body.provider,
        baseUrl,
        simulation: null,
        callsPerSecond: body.calls_per_second ?? null,
        credentialsEncrypted: encryptSecret(settings.encryptionKey, JSON.stringify(body.credentials), principal.organizationId),
      });
    }
    recordAudit(em, principal, {
      action: 'telephony_connection.create',
      targetType: 'telephony_connection',
      targetId: id,
      data: { name: body.name, provider: body.provider, base_url: connection.baseUrl ?? null, credentials_set: connection.credentialsEncrypted !== null },
    });
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw new DomainError('CONFLICT', `The organization has a telephony connection named "${body.name}" already`, {
          issues: [{ field: 'name', message: 'already used by another connection' }],
        });
      }
      throw error;
    }
    return toConnectionView(connection);
  },
);
