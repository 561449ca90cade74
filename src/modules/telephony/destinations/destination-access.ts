import type { Em } from '../../../db/orm.js';
import { DomainError } from '../../errors.js';
import type { Principal } from '../../org/permissions.js';
import { Destination } from '../telephony.entity.js';

export async function findDestination(em: Em, principal: Principal, id: string, field: string): Promise<Destination> {
  const destination = await em.findOne(Destination, { id, organization: principal.organizationId });
  if (!destination) {
    throw new DomainError('NOT_FOUND', `Destination ${id} was not found`, {
      resource: 'Destination',
      id,
      issues: [{ field, message: 'no such destination in this organization' }],
    });
  }
  return destination;
}

/** findAgent's 404 with the field that named the agent. */
export function agentNotFoundAt(field: string) {
  return (error: unknown): never => {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') {
      throw new DomainError('NOT_FOUND', error.message, { ...error.details, issues: [{ field, message: 'no such agent' }] });
    }
    throw error;
  };
}
