import { sql, type Em } from '../../db/orm.js';
import { DomainError, notFound } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { HttpTool } from './tools.entity.js';

/**
 * Deletes an imported HTTP tool. Refused with 409 while an agent's live version or the head of one of its open
 * branches names it (a `kind: http` tool entry with its `http_tool_id`): that agent would lose the tool at its next
 * call, or on the merge of that branch, without anyone deciding it. `in_use_by` names the agents; remove the entry
 * with update_agent first. Versions that are history only (not live, not a head) do not count.
 */
export const deleteHttpTool = operation(
  { needs: 'tools:manage' },
  async (em: Em, principal: Principal, toolId: string): Promise<{ tool_id: string; deleted: true }> => {
    return em.transactional(async (tx) => {
      const tool = await tx.findOne(HttpTool, {
        id: toolId,
        organization: principal.organizationId,
        ...(principal.projectId ? { project: principal.projectId } : {}),
      });
      if (!tool) throw notFound('HTTP tool', toolId);
      const entry = JSON.stringify([{ kind: 'http', config: { http_tool_id: tool.id } }]);
      const users = await sql<{ id: string; name: string }>(
        tx,
        `
      select distinct a.id, a.name from agent a
      join agent_version v on v.agent_id = a.id
      where a.organization_id = ? and a.project_id = ?
        and (v.id = a.live_version_id or v.id in (select b.head_version_id from agent_branch b where b.agent_id = a.id and b.state = 'open'))
        and v.config -> 'tools' @> ?::jsonb
      order by a.id limit 20`,
        [principal.organizationId, tool.project, entry],
      );
      if (users.length) {
        throw new DomainError(
          'CONFLICT',
          `HTTP tool ${tool.name} (${tool.id}) is used by ${users.map((a) => `${a.name} (${a.id})`).join(', ')}: remove it from their tools first (update_agent)`,
          {
            tool_id: tool.id,
            in_use_by: users.map((a) => ({ kind: 'agent', id: a.id, label: a.name })),
          },
        );
      }
      tx.remove(tool);
      recordAudit(tx, principal, {
        action: 'tool.http.delete',
        targetType: 'http_tool',
        targetId: tool.id,
        projectId: tool.project,
        data: { name: tool.name },
      });
      await tx.flush();
      return { tool_id: tool.id, deleted: true as const };
    });
  },
);
