import { defineEntity, p } from '@mikro-orm/core';

/** Per-organization prices, in micros per minute of phone time per component. */
export interface PriceList {
  currency: string;
  perMinuteMicros: Record<CostComponent, number>;
}
export type CostComponent = 'telephony' | 'model' | 'voice' | 'transcription' | 'platform';
export const COST_COMPONENTS: readonly CostComponent[] = ['telephony', 'model', 'voice', 'transcription', 'platform'];

/** 0.156 per minute in all (the spec's example), split over the components. */
export const DEFAULT_PRICE_LIST: PriceList = {
  currency: 'USD',
  perMinuteMicros: { telephony: 14000, model: 60000, voice: 50000, transcription: 12000, platform: 20000 },
};

const OrganizationSchema = defineEntity({
  name: 'Organization',
  tableName: 'organization',
  properties: {
    id: p.string().primary().length(40),
    name: p.string().length(200),
    slug: p.string().length(80).unique(),
    priceList: p.json<PriceList>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class Organization extends OrganizationSchema.class {}
OrganizationSchema.setClass(Organization);

const ProjectSchema = defineEntity({
  name: 'Project',
  tableName: 'project',
  uniques: [{ properties: ['organization', 'name'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    name: p.string().length(200),
    description: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class Project extends ProjectSchema.class {}
ProjectSchema.setClass(Project);

/**
 * A REST API client (OAuth 2.0 client credentials). Only a SHA-256 hash of
 * the secret is stored: secrets are 256-bit random values, so a slow hash adds
 * nothing but latency at token issuance.
 */
const ApiClientSchema = defineEntity({
  name: 'ApiClient',
  tableName: 'api_client',
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    name: p.string().length(200),
    secretHash: p.string().length(64),
    role: p.string().length(40).default('admin'),
    revokedAt: p.datetime().nullable(),
    lastUsedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class ApiClient extends ApiClientSchema.class {}
ApiClientSchema.setClass(ApiClient);

export const orgEntities = [Organization, Project, ApiClient];
