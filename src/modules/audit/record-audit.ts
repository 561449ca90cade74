import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import type { Principal } from '../org/permissions.js';
import { AuditEvent } from './audit.entity.js';

export interface AuditInput {
  action: string;
  targetType?: string;
  targetId?: string;
  projectId?: string | null;
  data?: Record<string, unknown>;
}

/**
 * Records a change in the audit log. Call it with the same EntityManager
 * that makes the change, before its flush, so the entry commits with it.
 */
export function recordAudit(em: Em, actor: Principal, input: AuditInput): AuditEvent {
  return em.create(AuditEvent, {
    id: newId('auditEvent'),
    organization: actor.organizationId,
    projectId: input.projectId ?? actor.projectId ?? null,
    actorType: actor.kind,
    actorId: actor.kind === 'system' ? null : actor.id,
    actorName: actor.name ?? null,
    via: actor.via,
    action: input.action,
    targetType: input.targetType ?? null,
    targetId: input.targetId ?? null,
    data: input.data ?? {},
    requestId: actor.requestId ?? null,
  });
}
