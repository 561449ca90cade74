import type { z } from 'zod';
import type { Em } from '../../../db/orm.js';
import type { Principal } from '../../org/permissions.js';
import { operation } from '../../operation.js';
import { SipTrunk, SipTrunkEndpoint } from '../telephony.entity.js';
import type { SipTrunkView } from '../telephony.schemas.js';
import { findPage, PageQuery, type PageOf } from '../../paging.js';
import { toSipTrunkView } from './sip-trunk-access.js';

export const listSipTrunks = operation(
  { needs: 'agents:read', input: PageQuery },
  async (em: Em, principal: Principal, query: z.output<typeof PageQuery>): Promise<PageOf<SipTrunkView>> => {
    const page = await findPage(em, SipTrunk, { organization: principal.organizationId }, query, { list: 'sip_trunks', order: 'asc' });
    const trunks = page.items;
    const endpoints = trunks.length
      ? await em.find(SipTrunkEndpoint, { trunk: { $in: trunks.map((t) => t.id) } }, { orderBy: { priority: 'asc', id: 'asc' } })
      : [];
    return {
      ...page,
      items: trunks.map((t) =>
        toSipTrunkView(
          t,
          endpoints.filter((e) => e.trunk === t.id),
        ),
      ),
    };
  },
);
