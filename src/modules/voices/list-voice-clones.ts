import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { VoiceClone } from './voices.entity.js';
import { type VoiceCloneView } from './voices.schemas.js';
import { findPage, PageQuery, type PageOf } from '../paging.js';
import { voiceCloneView } from './voice-clone-views.js';

/** The organization's clones, newest first (at most 100). */
export const listVoiceClones = operation(
  { needs: 'agents:read', input: PageQuery },
  async (em: Em, principal: Principal, query: z.output<typeof PageQuery>): Promise<PageOf<VoiceCloneView>> => {
    const page = await findPage(em, VoiceClone, { organization: principal.organizationId }, query, { list: 'voice_clones', order: 'desc' });
    return { ...page, items: page.items.map(voiceCloneView) };
  },
);
