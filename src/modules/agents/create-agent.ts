import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import { Project } from '../org/org.entity.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { parseInput } from '../validation.js';
import { assertVoiceAvailable } from '../telephony/voices.js';
import { actorOf } from './agent-access.js';
import { Agent, AgentBranch, AgentVersion, PromptRevision } from './agents.entity.js';
import { AgentConfig, CreateAgentBody, type AgentView } from './agents.schemas.js';
import { toAgentView } from './agent-views.js';
import { contentHash, promptHash } from './content-hash.js';

/**
 * Creates an agent with its main branch, first version and first prompt
 * revision, in one flush with the audit event. The project is the sign-in's
 * when it acts in one, else `project_id`, else the organization's first
 * project (made with the organization).
 */
export const createAgent = operation(
  { needs: 'agents:write', input: CreateAgentBody },
  async (em: Em, principal: Principal, body: z.output<typeof CreateAgentBody>): Promise<AgentView> => {
    const projectId = await resolveProject(em, principal, body.project_id);
    const { name, project_id: _project, ...fields } = body;
    const config = parseInput(AgentConfig, fields, '');
    await assertVoiceAvailable(em, principal.organizationId, config.voice);

    const agentId = newId('agent');
    const mainId = newId('branch');
    const actor = actorOf(principal);
    const version = em.create(AgentVersion, {
      id: newId('agentVersion'),
      organization: principal.organizationId,
      agent: agentId,
      parentIds: [],
      config,
      contentHash: contentHash(config),
      promptHash: promptHash(config.prompt),
      createdBy: actor,
    });
    const revision = em.create(PromptRevision, {
      id: newId('promptRevision'),
      organization: principal.organizationId,
      agent: agentId,
      branch: mainId,
      versionId: version.id,
      parentRevisionId: null,
      promptHash: version.promptHash,
      author: actor,
      restoredFrom: null,
      summary: 'initial prompt',
    });
    const agent = em.create(Agent, {
      id: agentId,
      organization: principal.organizationId,
      project: projectId,
      name,
      mainBranchId: mainId,
      liveVersionId: null,
      requiredTestIds: [],
    });
    const main = em.create(AgentBranch, {
      id: mainId,
      organization: principal.organizationId,
      agent: agentId,
      name: 'main',
      isMain: true,
      headVersionId: version.id,
      baseVersionId: version.id,
      headRevisionId: revision.id,
      state: 'open',
    });
    recordAudit(em, principal, {
      action: 'agent.create',
      targetType: 'agent',
      targetId: agentId,
      projectId,
      data: { name, version_id: version.id, content_hash: version.contentHash },
    });
    await em.flush();
    return toAgentView(agent, main, version);
  },
);

async function resolveProject(em: Em, principal: Principal, requested: string | undefined): Promise<string> {
  if (principal.projectId) {
    if (requested !== undefined && requested !== principal.projectId) {
      throw new DomainError('FORBIDDEN', `This sign-in acts in project ${principal.projectId} only`, {
        issues: [{ field: 'project_id', message: `must be ${principal.projectId}, or left out` }],
      });
    }
    return principal.projectId;
  }
  if (requested !== undefined) {
    const project = await em.findOne(Project, { id: requested, organization: principal.organizationId });
    if (!project) {
      throw new DomainError('NOT_FOUND', `Project ${requested} was not found`, {
        resource: 'Project',
        id: requested,
        issues: [{ field: 'project_id', message: 'no such project in this organization' }],
      });
    }
    return project.id;
  }
  const first = await em.findOne(Project, { organization: principal.organizationId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  if (!first) throw new DomainError('UNPROCESSABLE', 'The organization has no project: create one first');
  return first.id;
}
