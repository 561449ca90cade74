import type { z } from 'zod';
import type { Em } from '../../../db/orm.js';
import type { Principal } from '../../org/permissions.js';
import { operation } from '../../operation.js';
import { ImportNumberBody, type PhoneNumberView } from '../telephony.schemas.js';
import { providerFor, type TelephonySettings } from '../carriers/connections.js';
import { acquirePhoneNumber } from './acquire-phone-number.js';

/** A number already in a Twilio or Telnyx account, brought under the platform: the account must hold it. */
export const importPhoneNumber = operation(
  { needs: 'numbers:manage', input: ImportNumberBody },
  async (em: Em, principal: Principal, body: z.output<typeof ImportNumberBody>, settings: TelephonySettings): Promise<PhoneNumberView> => {
    const { provider, connection } = await providerFor(em, principal.organizationId, body.connection_id, settings);
    return acquirePhoneNumber(em, principal, { provider, connectionId: connection?.id ?? null, settings }, body.number, 'imported', (carrier) =>
      carrier.importNumber(body.number),
    );
  },
);
