import type { z } from 'zod';
import type { Em } from '../../../db/orm.js';
import type { Principal } from '../../org/permissions.js';
import { operation } from '../../operation.js';
import { PhoneNumber } from '../telephony.entity.js';
import type { PhoneNumberView } from '../telephony.schemas.js';
import { findPage, PageQuery, type PageOf } from '../../paging.js';
import { toPhoneNumberView } from './phone-number-views.js';

export const listPhoneNumbers = operation(
  { needs: 'agents:read', input: PageQuery },
  async (em: Em, principal: Principal, query: z.output<typeof PageQuery>): Promise<PageOf<PhoneNumberView>> => {
    const page = await findPage(em, PhoneNumber, { organization: principal.organizationId }, query, { list: 'phone_numbers', order: 'asc' });
    return { ...page, items: page.items.map(toPhoneNumberView) };
  },
);
