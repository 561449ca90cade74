import type { Em } from '../../db/orm.js';
import { notFound } from '../errors.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { parseInput } from '../validation.js';
import { VoiceClone } from './voices.entity.js';
import { VoiceCloneParams, type VoiceCloneView } from './voices.schemas.js';
import { voiceCloneView } from './voice-clone-views.js';

/** A clone of the organization (voices belong to the organization, whichever project made them). */
export async function getVoiceClone(em: Em, principal: Principal, id: string): Promise<VoiceCloneView> {
  requirePermission(principal, 'agents:read');
  const { voice_clone_id } = parseInput(VoiceCloneParams, { voice_clone_id: id }, 'path');
  const clone = await em.findOne(VoiceClone, { id: voice_clone_id, organization: principal.organizationId });
  if (!clone) throw notFound('Voice clone', voice_clone_id);
  return voiceCloneView(clone);
}
