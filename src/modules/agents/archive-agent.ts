import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { findAgent } from './agent-access.js';
import { agentUses, describeUses } from './agent-use.js';
import { AgentIdBody, type ArchiveResult } from './agents.schemas.js';

/**
 * Archives an agent: it leaves the lists and takes no changes, calls or campaigns, while its versions, calls,
 * releases and tests stay readable (an agent is never deleted: its calls are the organization's records).
 * Refused with 409 while anything uses it, naming each use (`in_use_by`) and how to end it: a published agent
 * is unpublished first, so archiving never takes a number off the air by surprise. The agent row is locked, so a
 * publish or an assignment racing the archive either lands first (and the archive is refused) or sees it archived.
 */
export const archiveAgent = operation(
  { needs: 'agents:publish', input: AgentIdBody },
  async (em: Em, principal: Principal, body: z.output<typeof AgentIdBody>): Promise<ArchiveResult> => {
    return em.transactional(async (tx) => {
      const agent = await findAgent(tx, principal, body.agentId, { lock: true, archived: 'allow' });
      if (agent.archivedAt) return { agent_id: agent.id, archived: true, archived_at: agent.archivedAt.toISOString(), changed: false };
      const uses = await agentUses(tx, agent);
      if (uses.length) {
        throw new DomainError('CONFLICT', `Agent ${agent.id} is in use. ${describeUses(agent.id, uses)}`, { agent_id: agent.id, in_use_by: uses });
      }
      agent.archivedAt = new Date();
      recordAudit(tx, principal, { action: 'agent.archive', targetType: 'agent', targetId: agent.id, projectId: agent.project, data: { name: agent.name } });
      await tx.flush();
      return { agent_id: agent.id, archived: true, archived_at: agent.archivedAt.toISOString(), changed: true };
    });
  },
);
