import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { SpeechProvider } from './speech.entity.js';
import type { SpeechProviderView } from './speech.schemas.js';
import { toSpeechProviderView } from './create-speech-provider.js';
import { findPage, PageQuery, type PageOf } from '../paging.js';

/** The organization's speech providers, oldest first; never their keys. */
export const listSpeechProviders = operation(
  { needs: 'org:manage', input: PageQuery },
  async (em: Em, principal: Principal, query: z.output<typeof PageQuery>): Promise<PageOf<SpeechProviderView>> => {
    const page = await findPage(em, SpeechProvider, { organization: principal.organizationId }, query, { list: 'speech_providers', order: 'asc' });
    return { ...page, items: page.items.map(toSpeechProviderView) };
  },
);
