import type { Em } from '../../../db/orm.js';
import { DomainError } from '../../errors.js';
import type { Principal } from '../../org/permissions.js';
import { operation } from '../../operation.js';
import { PhoneNumber } from '../telephony.entity.js';
import type { PhoneNumberView } from '../telephony.schemas.js';
import { toPhoneNumberView } from './phone-number-views.js';

export const getPhoneNumber = operation({ needs: 'agents:read' }, async (em: Em, principal: Principal, id: string): Promise<PhoneNumberView> => {
  const row = await em.findOne(PhoneNumber, { id, organization: principal.organizationId });
  if (!row) throw new DomainError('NOT_FOUND', `Phone number ${id} was not found`, { resource: 'Phone number', id });
  return toPhoneNumberView(row);
});
