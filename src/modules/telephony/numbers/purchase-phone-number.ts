import type { z } from 'zod';
import type { Em } from '../../../db/orm.js';
import type { Principal } from '../../org/permissions.js';
import { operation } from '../../operation.js';
import { PurchaseNumberBody, type PhoneNumberView } from '../telephony.schemas.js';
import { providerFor, type TelephonySettings } from '../carriers/connections.js';
import { acquirePhoneNumber } from './acquire-phone-number.js';

export const purchasePhoneNumber = operation(
  { needs: 'numbers:manage', input: PurchaseNumberBody },
  async (em: Em, principal: Principal, body: z.output<typeof PurchaseNumberBody>, settings: TelephonySettings): Promise<PhoneNumberView> => {
    const { provider, connection } = await providerFor(em, principal.organizationId, body.connection_id, settings);
    return acquirePhoneNumber(em, principal, { provider, connectionId: connection?.id ?? null, settings }, body.number, 'purchased', (carrier) =>
      carrier.buyNumber(body.number),
    );
  },
);
