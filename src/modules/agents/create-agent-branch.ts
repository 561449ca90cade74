import type { z } from 'zod';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { findAgent, findBranch, loadVersion } from './agent-access.js';
import { AgentBranch } from './agents.entity.js';
import { CreateAgentBranchBody, type BranchView } from './agents.schemas.js';
import { toBranchView } from './agent-views.js';

/**
 * A working copy of main (spec 3: "branch ready"): head and base are main's
 * head, and its revision history continues from main's newest revision.
 * Names are unique per agent, merged branches included (409).
 */
export const createAgentBranch = operation(
  { needs: 'agents:write', input: CreateAgentBranchBody },
  async (em: Em, principal: Principal, body: z.output<typeof CreateAgentBranchBody>): Promise<BranchView> => {
    const agent = await findAgent(em, principal, body.agentId);
    const main = await findBranch(em, agent, undefined);
    const head = await loadVersion(em, agent, main.headVersionId);
    const branch = em.create(AgentBranch, {
      id: newId('branch'),
      organization: agent.organization,
      agent: agent.id,
      name: body.branch.name,
      isMain: false,
      headVersionId: head.id,
      baseVersionId: head.id,
      headRevisionId: main.headRevisionId ?? null,
      state: 'open',
    });
    recordAudit(em, principal, {
      action: 'agent.branch_create',
      targetType: 'agent',
      targetId: agent.id,
      projectId: agent.project,
      data: { branch_id: branch.id, name: branch.name, base_version_id: head.id },
    });
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw new DomainError('CONFLICT', `Agent ${agent.id} has a branch named "${body.branch.name}" already`, {
          issues: [{ field: 'branch.name', message: 'already used by another branch of this agent' }],
        });
      }
      throw error;
    }
    return toBranchView(branch, head);
  },
);
