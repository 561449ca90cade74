import type { EntityName } from '@mikro-orm/core';
import type { Em } from '../db/orm.js';
import { DomainError, notFound } from '../modules/errors.js';
import type { Principal } from '../modules/org/permissions.js';
import { resolveUserPrincipal } from '../modules/people/resolve-principal.js';
import { Agent } from '../modules/agents/agents.entity.js';

/** The signed-in person's principal in one organization, read now (a removed member loses access at once); undefined when they are not a member. */
export async function principalFor(em: Em, userId: string, organizationId: string): Promise<Principal | undefined> {
  try {
    return await resolveUserPrincipal(em, { userId, organizationId, via: 'dashboard' });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return undefined;
  }
}

/**
 * The person's principal in the organization that owns one row (an agent) named in a dashboard address. A row of an organization they do
 * not belong to, or cannot read, is "not found", as on the API.
 */
async function ownerPrincipal(
  em: Em,
  entity: EntityName<{ id: string; organization: string }>,
  label: string,
  userId: string,
  id: string,
  requestId?: string,
): Promise<Principal> {
  const row = /^[A-Za-z0-9_-]{1,60}$/.test(id) ? await em.findOne(entity, { id }, { fields: ['id', 'organization'] as never }) : null;
  const principal = row ? await principalFor(em, userId, row.organization) : undefined;
  if (!row || !principal?.permissions.has('agents:read')) throw notFound(label, id);
  return { ...principal, requestId };
}

export const agentPrincipal = (em: Em, userId: string, agentId: string, requestId?: string) => ownerPrincipal(em, Agent, 'Agent', userId, agentId, requestId);
