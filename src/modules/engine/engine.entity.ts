import { defineEntity, p } from '@mikro-orm/core';
import { Organization } from '../org/org.entity.js';

export const MODEL_PROVIDER_KINDS = ['openai-compatible'] as const;
export type ModelProviderKind = (typeof MODEL_PROVIDER_KINDS)[number];

/**
 * An organization's connection to a model service: where it is and the API
 * key, stored encrypted (modules/secrets: AES-256-GCM bound to the
 * organization id). Agent versions name one by id in `model.provider_id`.
 * The key is never returned by any route or tool; only whether one is set.
 */
const ModelProviderSchema = defineEntity({
  name: 'ModelProvider',
  tableName: 'model_provider',
  uniques: [{ name: 'model_provider_org_name_unique', properties: ['organization', 'name'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    name: p.string().length(100),
    kind: p.string().length(30).$type<ModelProviderKind>(),
    /** Up to and without `/chat/completions`, e.g. https://api.openai.com/v1. */
    baseUrl: p.string().length(500),
    apiKeyEncrypted: p.text(),
    /** Sent when an agent's model name is `default`. */
    defaultModel: p.string().length(200).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class ModelProvider extends ModelProviderSchema.class {}
ModelProviderSchema.setClass(ModelProvider);

export const engineEntities = [ModelProvider];
