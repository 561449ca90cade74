import { defineEntity, p } from '@mikro-orm/core';

/**
 * Everything oidc-provider persists (clients, grants, codes, refresh tokens,
 * sessions, interactions), one row per model instance, read and written by
 * src/oauth/adapter.ts. JWT access tokens are never stored (they are
 * self-contained). The dashboard's own sessions live here too, as model
 * `DashboardSession` (src/oauth/dashboard/dashboard-session.ts).
 */
const OAuthModelSchema = defineEntity({
  name: 'OAuthModel',
  tableName: 'oauth_model',
  indexes: [
    { name: 'oauth_model_grant_id_index', properties: ['grantId'] },
    { name: 'oauth_model_uid_index', properties: ['uid'] },
    { name: 'oauth_model_expires_at_index', properties: ['expiresAt'] },
  ],
  properties: {
    /** The oidc-provider model name: Client, Grant, Session, AuthorizationCode, RefreshToken, ... */
    model: p.string().primary().length(40),
    id: p.string().primary().length(200),
    payload: p.json<Record<string, unknown>>(),
    grantId: p.string().length(200).nullable(),
    userCode: p.string().length(200).nullable(),
    uid: p.string().length(200).nullable(),
    /** Null: no expiry (registered clients). Expired rows are deleted when next read and by a sweep. */
    expiresAt: p.datetime().nullable(),
    consumedAt: p.datetime().nullable(),
  },
});
export class OAuthModel extends OAuthModelSchema.class {}
OAuthModelSchema.setClass(OAuthModel);

/**
 * The authorization server's signing keys (private JWKs). Generated once on
 * first start and kept here so every process and every restart signs and
 * verifies with the same keys. The newest key signs; all are published.
 */
const OAuthSigningKeySchema = defineEntity({
  name: 'OAuthSigningKey',
  tableName: 'oauth_signing_key',
  properties: {
    kid: p.string().primary().length(100),
    jwk: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class OAuthSigningKey extends OAuthSigningKeySchema.class {}
OAuthSigningKeySchema.setClass(OAuthSigningKey);
