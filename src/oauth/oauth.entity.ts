import { defineEntity, p } from '@mikro-orm/core';

/**
 * Everything oidc-provider persists (clients, grants, codes, refresh tokens,
 * sessions, interactions), one row per model instance, read and written by
 * src/oauth/adapter.ts. JWT access tokens are never stored (they are
 * self-contained). The dashboard's own sessions live here too, as model
 * `DashboardSession` (src/oauth/dashboard-session.ts).
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
 * The authorization server's signing keys. Generated on first start (and by
 * `oauth rotate-key`) and kept here so every process and every restart signs
 * and verifies with the same keys. The newest key signs; older ones verify
 * until the tokens they signed have expired (src/oauth/signing-keys.ts).
 */
const OAuthSigningKeySchema = defineEntity({
  name: 'OAuthSigningKey',
  tableName: 'oauth_signing_key',
  properties: {
    kid: p.string().primary().length(100),
    /** The public JWK (rows from before encryption at rest held the private one until first read). */
    jwk: p.json<Record<string, unknown>>(),
    /** The private JWK, encrypted under ENCRYPTION_KEY (modules/secrets/secret-box.ts) with the kid as context. */
    privateJwkEncrypted: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class OAuthSigningKey extends OAuthSigningKeySchema.class {}
OAuthSigningKeySchema.setClass(OAuthSigningKey);
