import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { QueryTimestamp, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../calls/calls.schemas.js';

extendZodWithOpenApi(z);

export const ListAuditQuery = z
  .object({
    from_time: QueryTimestamp.optional().describe('Earliest change, inclusive (UTC). Default: 90 days before to_time.'),
    to_time: QueryTimestamp.optional().describe('Latest change, inclusive to the second (UTC). Default: now.'),
    page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
    cursor: z.string().max(500).optional(),
    actor_id: z.string().max(60).optional().describe('Only changes by this user or API client.'),
    action: z.string().max(80).optional().describe('Only this action, e.g. member.add or project.create.'),
    via: z.enum(['rest', 'mcp', 'dashboard', 'cli', 'system']).optional(),
    project_id: z.string().max(60).optional(),
  })
  .strict();
export type ListAuditQuery = z.infer<typeof ListAuditQuery>;

export const AuditEventView = z
  .object({
    event_id: z.string(),
    created_at: z.string(),
    actor: z.object({ type: z.string(), id: z.string().nullable(), name: z.string().nullable() }),
    via: z.string(),
    action: z.string(),
    project_id: z.string().nullable(),
    target: z.object({ type: z.string().nullable(), id: z.string().nullable() }),
    data: z.record(z.string(), z.unknown()),
    request_id: z.string().nullable(),
  })
  .openapi('AuditEvent');

export const ListAuditResponse = z
  .object({ events: z.array(AuditEventView), has_more: z.boolean(), next_cursor: z.string().nullable() })
  .openapi('ListAuditResponse');
