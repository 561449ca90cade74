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
import type { EngineSettings } from './engine-settings.js';
import { ModelProvider } from './engine.entity.js';
import { CreateModelProviderBody, type ModelProviderView } from './engine.schemas.js';

/**
 * Registers one of an organization's model providers (base URL and API key for
 * openai-compatible agents). The key is encrypted with the organization id
 * bound in, so a row copied to another organization does not decrypt there;
 * no view ever carries it, and the audit entry records only that a key was set.
 */
export const createModelProvider = operation(
  { needs: 'org:manage', input: CreateModelProviderBody },
  async (
    em: Em,
    principal: Principal,
    body: z.output<typeof CreateModelProviderBody>,
    settings: Pick<EngineSettings, 'encryptionKey' | 'allowedHosts'>,
  ): Promise<ModelProviderView> => {
    // Refused when saved, not first at call time: an address inside our network is never a valid provider.
    assertPublicUrl(body.base_url, 'base_url', settings.allowedHosts);
    const id = newId('modelProvider');
    const provider = em.create(ModelProvider, {
      id,
      organization: principal.organizationId,
      name: body.name,
      kind: body.kind,
      baseUrl: body.base_url.replace(/\/+$/, ''),
      apiKeyEncrypted: encryptSecret(settings.encryptionKey, body.api_key, principal.organizationId),
      defaultModel: body.default_model ?? null,
    });
    recordAudit(em, principal, {
      action: 'model_provider.create',
      targetType: 'model_provider',
      targetId: id,
      data: { name: body.name, kind: body.kind, base_url: provider.baseUrl, default_model: provider.defaultModel ?? null },
    });
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw new DomainError('CONFLICT', `The organization has a model provider named "${body.name}" already`, {
          issues: [{ field: 'name', message: 'already used by another model provider' }],
        });
      }
      throw error;
    }
    return toModelProviderView(provider);
  },
);

export function toModelProviderView(p: ModelProvider): ModelProviderView {
  return {
    model_provider_id: p.id,
    name: p.name,
    kind: p.kind,
    base_url: p.baseUrl,
    default_model: p.defaultModel ?? null,
    has_api_key: true,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}
