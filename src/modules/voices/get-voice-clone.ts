import type { Em } from '../../db/orm.js';
import { notFound } from '../errors.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { VoiceClone } from './voices.entity.js';
import type { VoiceCloneView } from './voices.schemas.js';
import { voiceCloneView } from './voice-clone-views.js';

/** A clone of the organization (voices belong to the organization, whichever project made them). */
export const getVoiceClone = operation({ needs: 'agents:read' }, async (em: Em, principal: Principal, id: string): Promise<VoiceCloneView> => {
  const clone = await em.findOne(VoiceClone, { id, organization: principal.organizationId });
  if (!clone) throw notFound('Voice clone', id);
  return voiceCloneView(clone);
});
