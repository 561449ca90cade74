import type { z } from 'zod';
import type { Em } from '../../../db/orm.js';
import type { Principal } from '../../org/permissions.js';
import { operation } from '../../operation.js';
import { PhoneNumber } from '../telephony.entity.js';
import { SearchNumbersQuery } from '../telephony.schemas.js';
import type { AvailableNumber } from '../carriers/telephony-provider.js';
import { providerFor, type TelephonySettings } from '../carriers/connections.js';
import { simulatedPool } from '../carriers/simulated-carrier.js';
import { pageInMemory, slicePage } from '../../paging.js';
import { decodeCursor, filterFingerprint } from '../../cursor.js';
import { PAGE_SIZE_MAX } from '../../calls/calls.schemas.js';

/**
 * Numbers the provider offers, in number order, a page at a time (the cursor
 * names the last number shown). Twilio and Telnyx are asked for their first
 * PAGE_SIZE_MAX matches, which the pages walk through. For the simulated
 * carrier the shared pool is searched past the numbers someone on the
 * platform already holds, so pages come while the pool lasts.
 */
export const searchPhoneNumbers = operation(
  { needs: 'agents:read', input: SearchNumbersQuery },
  async (
    em: Em,
    principal: Principal,
    query: z.output<typeof SearchNumbersQuery>,
    settings: TelephonySettings,
  ): Promise<{ provider: 'simulated' | 'twilio' | 'telnyx'; numbers: AvailableNumber[]; has_more: boolean; next_cursor: string | null }> => {
    const { provider } = await providerFor(em, principal.organizationId, query.connection_id, settings, 'connection_id');
    const search = { country: query.country, areaCode: query.area_code, contains: query.contains };
    const paging = { list: 'number_search', filters: { connection: query.connection_id, ...search } };
    const byNumber = (x: AvailableNumber, y: AvailableNumber) => (x.number < y.number ? -1 : x.number > y.number ? 1 : 0);
    if (provider.kind !== 'simulated') {
      const found = (await provider.searchNumbers({ ...search, limit: PAGE_SIZE_MAX })).sort(byNumber);
      const page = pageInMemory(found, (n) => n.number, query, paging);
      return { provider: provider.kind, numbers: page.items, has_more: page.has_more, next_cursor: page.next_cursor };
    }
    const fingerprint = filterFingerprint({ list: paging.list, ...paging.filters });
    const after = query.cursor ? decodeCursor(query.cursor, fingerprint).id : '';
    const pool = simulatedPool(search)
      .filter((n) => n.number > after)
      .sort(byNumber);
    const taken = new Set<string>();
    // Taken numbers are few next to the pool; read them in pages of the candidates actually needed.
    const out: AvailableNumber[] = [];
    for (let start = 0; start < pool.length && out.length <= query.page_size; start += 500) {
      const batch = pool.slice(start, start + 500);
      const held = await em.find(PhoneNumber, { number: { $in: batch.map((n) => n.number) } }, { fields: ['number'] });
      for (const h of held) taken.add(h.number);
      for (const n of batch) if (!taken.has(n.number) && out.length <= query.page_size) out.push(n);
    }
    const page = slicePage(out, query.page_size, (n) => n.number, fingerprint);
    return { provider: 'simulated', numbers: page.items, has_more: page.has_more, next_cursor: page.next_cursor };
  },
);
