import { defineEntity, p } from '@mikro-orm/core';
import { Organization } from '../org/org.entity.js';

/** One change made through REST, MCP, the dashboard or the CLI: who, when, where, what. */
const AuditEventSchema = defineEntity({
  name: 'AuditEvent',
  tableName: 'audit_event',
  indexes: [{ name: 'audit_event_org_idx', properties: ['organization', 'createdAt', 'id'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    projectId: p.string().length(40).nullable(),
    /** user | api_client | system */
    actorType: p.string().length(20),
    actorId: p.string().length(40).nullable(),
    actorName: p.string().length(320).nullable(),
    /** rest | mcp | dashboard | cli | system */
    via: p.string().length(20),
    action: p.string().length(80),
    targetType: p.string().length(40).nullable(),
    targetId: p.string().length(60).nullable(),
    data: p.json<Record<string, unknown>>(),
    requestId: p.string().length(80).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class AuditEvent extends AuditEventSchema.class {}
AuditEventSchema.setClass(AuditEvent);
