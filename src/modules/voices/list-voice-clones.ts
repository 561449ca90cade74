import type { Em } from '../../db/orm.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { VoiceClone } from './voices.entity.js';
import { type VoiceCloneView } from './voices.schemas.js';
import { findPage, type Page, type PageOf } from '../paging.js';
import { voiceCloneView } from './voice-clone-views.js';

/** The organization's clones, newest first (at most 100). */
export async function listVoiceClones(em: Em, principal: Principal, query: Page): Promise<PageOf<VoiceCloneView>> {
  requirePermission(principal, 'agents:read');
  const page = await findPage(em, VoiceClone, { organization: principal.organizationId }, query, { list: 'voice_clones', order: 'desc' });
  return { ...page, items: page.items.map(voiceCloneView) };
}
