import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { actorOf, findAgent, findBranch } from './agent-access.js';
import { AgentPublication } from './agents.entity.js';
import { AgentIdBody, type PublicationResult } from './agents.schemas.js';

/**
 * Makes main's head the live version (spec 3: "live"). The version that was
 * live before is kept in the publication history, which rollbackAgent reads.
 * Publishing the version that is live already changes nothing. The agent row
 * is locked, so concurrent publishes and rollbacks apply one after another.
 */
export const publishAgent = operation(
  { needs: 'agents:publish', input: AgentIdBody },
  async (em: Em, principal: Principal, body: z.output<typeof AgentIdBody>): Promise<PublicationResult> => {
    return em.transactional(async (tx) => {
      const agent = await findAgent(tx, principal, body.agentId, { lock: true });
      const main = await findBranch(tx, agent, undefined);
      const previous = agent.liveVersionId ?? null;
      if (previous === main.headVersionId) {
        return { agent_id: agent.id, live_version_id: previous, previous_version_id: null, changed: false, published_at: null };
      }
      const publication = tx.create(AgentPublication, {
        id: newId('agentPublication'),
        organization: agent.organization,
        agent: agent.id,
        kind: 'publish',
        versionId: main.headVersionId,
        previousVersionId: previous,
        publishedBy: actorOf(principal),
      });
      agent.liveVersionId = main.headVersionId;
      recordAudit(tx, principal, {
        action: 'agent.publish',
        targetType: 'agent',
        targetId: agent.id,
        projectId: agent.project,
        data: { version_id: main.headVersionId, previous_version_id: previous, publication_id: publication.id },
      });
      await tx.flush();
      return {
        agent_id: agent.id,
        live_version_id: main.headVersionId,
        previous_version_id: previous,
        changed: true,
        published_at: publication.publishedAt.toISOString(),
      };
    });
  },
);
