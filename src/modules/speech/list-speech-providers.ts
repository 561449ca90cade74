import type { Em } from '../../db/orm.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { SpeechProvider } from './speech.entity.js';
import type { SpeechProviderView } from './speech.schemas.js';
import { toSpeechProviderView } from './create-speech-provider.js';
import { findPage, type Page, type PageOf } from '../paging.js';

/** The organization's speech providers, oldest first; never their keys. */
export async function listSpeechProviders(em: Em, principal: Principal, query: Page): Promise<PageOf<SpeechProviderView>> {
  requirePermission(principal, 'org:manage');
  const page = await findPage(em, SpeechProvider, { organization: principal.organizationId }, query, { list: 'speech_providers', order: 'asc' });
  return { ...page, items: page.items.map(toSpeechProviderView) };
}
