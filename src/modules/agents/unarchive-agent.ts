import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { findAgent } from './agent-access.js';
import { AgentIdBody, type ArchiveResult } from './agents.schemas.js';

/** Brings an archived agent back: it takes changes again and can be published. Unarchiving an agent in use changes nothing. */
export const unarchiveAgent = operation(
  { needs: 'agents:publish', input: AgentIdBody },
  async (em: Em, principal: Principal, body: z.output<typeof AgentIdBody>): Promise<ArchiveResult> => {
    return em.transactional(async (tx) => {
      const agent = await findAgent(tx, principal, body.agentId, { lock: true, archived: 'allow' });
      if (!agent.archivedAt) return { agent_id: agent.id, archived: false, archived_at: null, changed: false };
      agent.archivedAt = null;
      recordAudit(tx, principal, { action: 'agent.unarchive', targetType: 'agent', targetId: agent.id, projectId: agent.project, data: { name: agent.name } });
      await tx.flush();
      return { agent_id: agent.id, archived: false, archived_at: null, changed: true };
    });
  },
);
