import { defineEntity, p } from '@mikro-orm/core';
import { Organization, Project } from '../../modules/org/org.entity.js';
import { User } from '../../modules/people/people.entity.js';

/**
 * An assistant a user connected at the consent page: one per OAuth grant,
 * with the organization and project the user chose (a Grant cannot hold
 * them). Tokens carry the grant id; the MCP endpoint reads this row on every
 * request, so Disconnect (revokedAt) takes effect on the next one.
 */
const OAuthConnectionSchema = defineEntity({
  name: 'OAuthConnection',
  tableName: 'oauth_connection',
  indexes: [{ name: 'oauth_connection_user_idx', properties: ['user', 'createdAt'] }],
  properties: {
    id: p.string().primary().length(40),
    grantId: p.string().length(200).unique(),
    user: () => p.manyToOne(User).mapToPk().deleteRule('cascade'),
    clientId: p.string().length(200),
    clientName: p.string().length(200),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    project: () => p.manyToOne(Project).mapToPk().deleteRule('cascade'),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastUsedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
  },
});
export class OAuthConnection extends OAuthConnectionSchema.class {}
OAuthConnectionSchema.setClass(OAuthConnection);
