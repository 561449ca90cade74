import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { actorOf, findAgent } from './agent-access.js';
import { AgentPublication } from './agents.entity.js';
import { AgentIdBody, type PublicationResult } from './agents.schemas.js';

/**
 * Returns the live version to the one that was live before the current one
 * was published: the `previous_version_id` of the newest publish of the live
 * version. Rollbacks walk back one publish at a time (v3 → v2 → v1), and are
 * recorded in the same history. Refused when nothing was live before.
 */
export const rollbackAgent = operation(
  { needs: 'agents:publish', input: AgentIdBody },
  async (em: Em, principal: Principal, body: z.output<typeof AgentIdBody>): Promise<PublicationResult> => {
    return em.transactional(async (tx) => {
      const agent = await findAgent(tx, principal, body.agentId, { lock: true });
      const live = agent.liveVersionId;
      const made = live ? await tx.findOne(AgentPublication, { agent: agent.id, kind: 'publish', versionId: live }, { orderBy: { id: 'desc' } }) : null;
      const target = made?.previousVersionId ?? null;
      if (!live || !target) {
        throw new DomainError('CONFLICT', live ? `No version was live before ${live}: nothing to roll back to` : 'The agent has never been published', {
          live_version_id: live ?? null,
        });
      }
      const publication = tx.create(AgentPublication, {
        id: newId('agentPublication'),
        organization: agent.organization,
        agent: agent.id,
        kind: 'rollback',
        versionId: target,
        previousVersionId: live,
        publishedBy: actorOf(principal),
      });
      agent.liveVersionId = target;
      recordAudit(tx, principal, {
        action: 'agent.rollback',
        targetType: 'agent',
        targetId: agent.id,
        projectId: agent.project,
        data: { version_id: target, previous_version_id: live, publication_id: publication.id },
      });
      await tx.flush();
      return { agent_id: agent.id, live_version_id: target, previous_version_id: live, changed: true, published_at: publication.publishedAt.toISOString() };
    });
  },
);
