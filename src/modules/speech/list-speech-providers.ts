import type { Em } from '../../db/orm.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { SpeechProvider } from './speech.entity.js';
import type { SpeechProviderView } from './speech.schemas.js';
import { toSpeechProviderView } from './create-speech-provider.js';

/** The organization's speech providers, oldest first; never their keys. */
export async function listSpeechProviders(em: Em, principal: Principal): Promise<SpeechProviderView[]> {
  requirePermission(principal, 'org:manage');
  const providers = await em.find(SpeechProvider, { organization: principal.organizationId }, { orderBy: { id: 'asc' } });
  return providers.map(toSpeechProviderView);
}
