import type { z } from 'zod';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { assertPublicUrl } from '../outbound-http.js';
import { encryptSecret } from '../secrets/secret-box.js';
import { SpeechProvider } from './speech.entity.js';
import { CreateSpeechProviderBody, type SpeechProviderView } from './speech.schemas.js';

/**
 * Registers one of an organization's speech providers. The key is stored
 * exactly as model provider keys are (createModelProvider): encrypted with
 * the organization id bound in, absent from every view and audit entry.
 */
export const createSpeechProvider = operation(
  { needs: 'org:manage', input: CreateSpeechProviderBody },
  async (
    em: Em,
    principal: Principal,
    body: z.output<typeof CreateSpeechProviderBody>,
    settings: { encryptionKey: Buffer; allowedHosts: readonly string[] },
  ): Promise<SpeechProviderView> => {
    if (body.base_url !== undefined) assertPublicUrl(body.base_url, 'base_url', settings.allowedHosts);
    const id = newId('speechProvider');
    const provider = em.create(SpeechProvider, {
      id,
      organization: principal.organizationId,
      name: body.name,
      kind: body.kind,
      baseUrl: body.base_url?.replace(/\/+$/, '') ?? null,
      apiKeyEncrypted: encryptSecret(settings.encryptionKey, body.api_key, principal.organizationId),
      sttModel: body.stt_model ?? null,
      ttsModel: body.tts_model ?? null,
    });
    recordAudit(em, principal, {
      action: 'speech_provider.create',
      targetType: 'speech_provider',
      targetId: id,
      data: {
        name: body.name,
        kind: body.kind,
        base_url: provider.baseUrl ?? null,
        stt_model: provider.sttModel ?? null,
        tts_model: provider.ttsModel ?? null,
      },
    });
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw new DomainError('CONFLICT', `The organization has a speech provider named "${body.name}" already`, {
          issues: [{ field: 'name', message: 'already used by another speech provider' }],
        });
      }
      throw error;
    }
    return toSpeechProviderView(provider);
  },
);

export function toSpeechProviderView(p: SpeechProvider): SpeechProviderView {
  return {
    speech_provider_id: p.id,
    name: p.name,
    kind: p.kind,
    base_url: p.baseUrl ?? null,
    stt_model: p.sttModel ?? null,
    tts_model: p.ttsModel ?? null,
    has_api_key: true,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}
