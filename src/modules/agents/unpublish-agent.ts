import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { actorOf, findAgent } from './agent-access.js';
import { agentUses, describeUses } from './agent-use.js';
import { AgentPublication } from './agents.entity.js';
import { AgentIdBody, type UnpublishResult } from './agents.schemas.js';

/**
 * Takes an agent off the air: no version is live and the traffic split is cleared, so no new call or dial reaches
 * it. Refused with 409 while destinations still route calls to it or campaigns, calls, releases or triggers still
 * drive it (`in_use_by` names them): those would fail at their next call instead of at a decision someone made.
 * The publication history records it (kind `unpublish`); publishing again makes main's head live.
 */
export const unpublishAgent = operation(
  { needs: 'agents:publish', input: AgentIdBody },
  async (em: Em, principal: Principal, body: z.output<typeof AgentIdBody>): Promise<UnpublishResult> => {
    return em.transactional(async (tx) => {
      const agent = await findAgent(tx, principal, body.agentId, { lock: true });
      const live = agent.liveVersionId ?? null;
      if (!live) return { agent_id: agent.id, live_version_id: null, previous_version_id: null, changed: false, unpublished_at: null };
      const uses = (await agentUses(tx, agent)).filter((u) => u.kind !== 'live_version');
      if (uses.length) {
        throw new DomainError('CONFLICT', `Agent ${agent.id} is in use. ${describeUses(agent.id, uses)}`, { agent_id: agent.id, in_use_by: uses });
      }
      const publication = tx.create(AgentPublication, {
        id: newId('agentPublication'),
        organization: agent.organization,
        agent: agent.id,
        kind: 'unpublish',
        versionId: live,
        previousVersionId: live,
        publishedBy: actorOf(principal),
      });
      agent.liveVersionId = null;
      agent.trafficSplit = null;
      recordAudit(tx, principal, {
        action: 'agent.unpublish',
        targetType: 'agent',
        targetId: agent.id,
        projectId: agent.project,
        data: { previous_version_id: live, publication_id: publication.id },
      });
      await tx.flush();
      return { agent_id: agent.id, live_version_id: null, previous_version_id: live, changed: true, unpublished_at: publication.publishedAt.toISOString() };
    });
  },
);
