import { z } from 'zod';
import {
  AgentBranchParams,
  AgentIdParams,
  AgentResponse,
  AgentRevisionParams,
  BranchResponse,
  CreateAgentBranchRestBody,
  EstimateView,
  ListAgentsResponse,
  ListBranchesResponse,
  ListRevisionsResponse,
  RevisionDetailResponse,
  MergePreview,
  MergeResult,
  PatchPromptRestBody,
  PromptChangeResult,
  PublicationResult,
  UnpublishResult,
  ArchiveResult,
  RestoreRevisionQuery,
  RetrieveAgentQuery,
  SetTrafficSplitRestBody,
  TrafficSplitResult,
} from '../../modules/agents/agents.schemas.js';
import { createAgent } from '../../modules/agents/create-agent.js';
import { updateAgent } from '../../modules/agents/update-agent.js';
import { getAgent } from '../../modules/agents/get-agent.js';
import { listAgents } from '../../modules/agents/list-agents.js';
import { estimateAgent } from '../../modules/agents/estimate-agent.js';
import { createAgentBranch } from '../../modules/agents/create-agent-branch.js';
import { listAgentBranches } from '../../modules/agents/list-agent-branches.js';
import { patchAgentPrompt } from '../../modules/agents/patch-agent-prompt.js';
import { listAgentPromptRevisions } from '../../modules/agents/list-agent-prompt-revisions.js';
import { restorePromptRevision } from '../../modules/agents/restore-prompt-revision.js';
import { getPromptRevision } from '../../modules/agents/get-prompt-revision.js';
import { previewAgentBranchMerge } from '../../modules/agents/preview-agent-branch-merge.js';
import { mergeAgentBranch } from '../../modules/agents/merge-agent-branch.js';
import { publishAgent } from '../../modules/agents/publish-agent.js';
import { rollbackAgent } from '../../modules/agents/rollback-agent.js';
import { unpublishAgent } from '../../modules/agents/unpublish-agent.js';
import { archiveAgent } from '../../modules/agents/archive-agent.js';
import { unarchiveAgent } from '../../modules/agents/unarchive-agent.js';
import { setAgentTrafficSplit } from '../../modules/agents/set-agent-traffic-split.js';
import { route } from '../route.js';
import { listAnswer } from '../../modules/paging.js';
import { parseInput } from '../../modules/validation.js';

const tag = 'Agents';
const etag = (hash: string) => `"${hash}"`;

export const agentRoutes = [
  route({
    method: 'post',
    path: '/v1/agent/create',
    operationId: 'createAgent',
    tag,
    summary: 'Create an agent with its main branch and first version',
    description: 'Returns the agent with its ETag (also in the ETag header) and prompt_hash.',
    etag: true,
    examples: { body: { name: 'Front desk', prompt: 'You are the front desk of Acme Dental. Book, move and cancel appointments.' } },
    operation: createAgent,
    takes: 'body',
    response: AgentResponse,
    status: 201,
    handler: async ({ em, principal, body, ctx }) => {
      const agent = await createAgent(em, principal, body);
      ctx.set('ETag', etag(agent.etag));
      return { agent };
    },
  }),
  route({
    method: 'put',
    path: '/v1/agent/update/{agent_id}',
    operationId: 'updateAgent',
    tag,
    summary: 'Change an agent: a new version on main (or on branch_id)',
    description:
      'Optimistic concurrency: send the ETag you read as `If-Match`; if the head changed since, the answer is 412 ' +
      'with `current_etag`. Without If-Match the change applies to the current head (last write wins, field by field). ' +
      'The new ETag comes back in the ETag header and the body.',
    etag: true,
    ifMatch: 'The ETag you read (from retrieve, create or the last update): the change applies only if the head is still that version.',
    answers: { 412: 'The head changed since that ETag (PRECONDITION_FAILED, with current_etag): read again and re-apply' },
    operation: updateAgent,
    params: AgentIdParams,
    takes: 'body',
    response: AgentResponse,
    handler: async ({ em, principal, params, body, ifMatch, ctx }) => {
      const agent = await updateAgent(em, principal, params.agent_id, body, { ifMatch });
      ctx.set('ETag', etag(agent.etag));
      return { agent };
    },
  }),
  route({
    method: 'get',
    path: '/v1/agent/list',
    operationId: 'listAgents',
    tag,
    summary: "Agents, newest first, each with main's head",
    operation: listAgents,
    takes: 'query',
    response: ListAgentsResponse,
    handler: ({ em, principal, query }) => listAgents(em, principal, query),
  }),
  route({
    method: 'get',
    path: '/v1/agent/retrieve/{agent_id}',
    operationId: 'retrieveAgent',
    tag,
    summary: 'An agent with the head of main (or of branch_id); ETag header',
    etag: true,
    operation: getAgent,
    params: AgentIdParams,
    query: RetrieveAgentQuery,
    response: AgentResponse,
    handler: async ({ em, principal, params, query, ctx }) => {
      const agent = await getAgent(em, principal, params.agent_id, { branchId: query.branch_id });
      ctx.set('ETag', etag(agent.etag));
      return { agent };
    },
  }),
  route({
    method: 'post',
    path: '/v1/agent/estimate',
    operationId: 'estimateAgent',
    tag,
    summary: "Price an agent before launch, in micros, from the organization's price list",
    operation: estimateAgent,
    takes: 'body',
    response: z.object({ estimate: EstimateView }).openapi('EstimateAgentResponse'),
    handler: async ({ em, principal, body }) => ({ estimate: await estimateAgent(em, principal, body) }),
  }),
  route({
    method: 'post',
    path: '/v1/agent/{agent_id}/branch/create',
    operationId: 'createAgentBranch',
    tag,
    summary: "Create a branch: a working copy of main's head",
    description: 'A name used by another branch of the agent (merged ones included) is a 409.',
    operation: createAgentBranch,
    params: AgentIdParams,
    body: CreateAgentBranchRestBody,
    response: BranchResponse,
    status: 201,
    handler: async ({ em, principal, params, body }) => ({
      branch: await createAgentBranch(em, principal, parseInput(createAgentBranch.input, { agentId: params.agent_id, branch: body.branch }, '')),
    }),
  }),
  route({
    method: 'get',
    path: '/v1/agent/{agent_id}/branch/list',
    operationId: 'listAgentBranches',
    tag,
    summary: 'Branches of an agent, main first',
    operation: listAgentBranches,
    params: AgentIdParams,
    takes: 'query',
    response: ListBranchesResponse,
    handler: async ({ em, principal, params, query }) => listAnswer('branches', await listAgentBranches(em, principal, params.agent_id, query)),
  }),
  route({
    method: 'post',
    path: '/v1/agent/{agent_id}/prompt/patch',
    operationId: 'patchAgentPrompt',
    tag,
    summary: 'Anchored edits of the prompt, checked against the prompt hash you read',
    description:
      'Same body as the MCP tool patch_agent_prompt (camelCase), without agentId. A stale expectedHash is a 409 ' +
      'HASH_MISMATCH with current_hash and, when your hash is a known revision, a unified diff since it; a missing ' +
      'or ambiguous anchor is a 422 (ANCHOR_NOT_FOUND, ANCHOR_AMBIGUOUS) naming it.',
    operation: patchAgentPrompt,
    params: AgentIdParams,
    body: PatchPromptRestBody,
    response: PromptChangeResult,
    handler: ({ em, principal, params, body }) =>
      patchAgentPrompt(em, principal, parseInput(patchAgentPrompt.input, { ...body, agentId: params.agent_id }, '')),
  }),
  route({
    method: 'get',
    path: '/v1/agent/{agent_id}/prompt/revision/list',
    operationId: 'listAgentPromptRevisions',
    tag,
    summary: 'Prompt revisions, newest first',
    operation: listAgentPromptRevisions,
    params: AgentIdParams,
    takes: 'query',
    response: ListRevisionsResponse,
    handler: ({ em, principal, params, query }) => listAgentPromptRevisions(em, principal, params.agent_id, query),
  }),
  route({
    method: 'get',
    path: '/v1/agent/{agent_id}/prompt/revision/{revision_id}/retrieve',
    operationId: 'retrieveAgentPromptRevision',
    tag,
    summary: 'A prompt revision: its whole prompt and the diff from its parent',
    operation: getPromptRevision,
    params: AgentRevisionParams,
    response: RevisionDetailResponse,
    handler: ({ em, principal, params }) =>
      getPromptRevision(em, principal, parseInput(getPromptRevision.input, { agentId: params.agent_id, revisionId: params.revision_id }, '')),
  }),
  route({
    method: 'post',
    path: '/v1/agent/{agent_id}/prompt/revision/{revision_id}/restore',
    operationId: 'restorePromptRevision',
    tag,
    summary: "Restore a revision's prompt as a new revision",
    description: "Onto the revision's own branch, or the branch named by the branch_id query parameter. No body.",
    operation: restorePromptRevision,
    params: AgentRevisionParams,
    query: RestoreRevisionQuery,
    response: PromptChangeResult,
    handler: ({ em, principal, params, query }) =>
      restorePromptRevision(
        em,
        principal,
        parseInput(restorePromptRevision.input, { agentId: params.agent_id, revisionId: params.revision_id, branchId: query.branch_id }, ''),
      ),
  }),
  route({
    method: 'post',
    path: '/v1/agent/{agent_id}/branch/{branch_id}/merge/preview',
    operationId: 'previewAgentBranchMerge',
    tag,
    summary: 'Preview the three-way merge of a branch into main',
    answers: { 422: 'The branch cannot be merged as it is (named in the answer)' },
    operation: previewAgentBranchMerge,
    fields: { sourceBranchId: 'path.branch_id' },
    params: AgentBranchParams,
    response: MergePreview,
    handler: ({ em, principal, params }) =>
      previewAgentBranchMerge(em, principal, parseInput(previewAgentBranchMerge.input, { agentId: params.agent_id, sourceBranchId: params.branch_id }, '')),
  }),
  route({
    method: 'post',
    path: '/v1/agent/{agent_id}/branch/{branch_id}/merge',
    operationId: 'mergeAgentBranch',
    tag,
    summary: 'Merge a branch into main',
    description:
      'A 409 MERGE_CONFLICT lists the conflicts; a 422 names required tests the branch head has not passed. ' +
      'Merging a merged branch again returns that merge (already_merged).',
    answers: { 422: "The branch head has not passed the agent's required tests (named in the answer)" },
    operation: mergeAgentBranch,
    fields: { sourceBranchId: 'path.branch_id' },
    params: AgentBranchParams,
    response: MergeResult,
    handler: ({ em, principal, params }) =>
      mergeAgentBranch(em, principal, parseInput(mergeAgentBranch.input, { agentId: params.agent_id, sourceBranchId: params.branch_id }, '')),
  }),
  route({
    method: 'post',
    path: '/v1/agent/{agent_id}/publish',
    operationId: 'publishAgent',
    tag,
    summary: "Make main's head the live version",
    description: 'The previous live version is kept for rollback. Publishing the live version again changes nothing.',
    operation: publishAgent,
    params: AgentIdParams,
    response: PublicationResult,
    handler: ({ em, principal, params }) => publishAgent(em, principal, parseInput(publishAgent.input, { agentId: params.agent_id }, '')),
  }),
  route({
    method: 'post',
    path: '/v1/agent/{agent_id}/rollback',
    operationId: 'rollbackAgent',
    tag,
    summary: 'Return the live version to the one published before it',
    description: 'A 409 when nothing was live before the current version.',
    operation: rollbackAgent,
    params: AgentIdParams,
    response: PublicationResult,
    handler: ({ em, principal, params }) => rollbackAgent(em, principal, parseInput(rollbackAgent.input, { agentId: params.agent_id }, '')),
  }),
  route({
    method: 'post',
    path: '/v1/agent/{agent_id}/unpublish',
    operationId: 'unpublishAgent',
    tag,
    summary: 'Take the agent off the air: no version live, no traffic split',
    description:
      'Refused with 409 while destinations route calls to the agent or campaigns, outbound calls, releases or enabled ' +
      'triggers drive it: in_use_by names each. The publication history keeps the version taken down; publishing ' +
      "again makes main's head live. Unpublishing an agent with nothing live changes nothing.",
    operation: unpublishAgent,
    params: AgentIdParams,
    response: UnpublishResult,
    handler: ({ em, principal, params }) => unpublishAgent(em, principal, parseInput(unpublishAgent.input, { agentId: params.agent_id }, '')),
  }),
  route({
    method: 'post',
    path: '/v1/agent/{agent_id}/archive',
    operationId: 'archiveAgent',
    tag,
    summary: 'Archive an agent: out of the lists, no changes, calls or campaigns; its history stays readable',
    description:
      'Refused with 409 while anything uses the agent (its live version, destinations, running campaigns and ' +
      'outbound calls, releases, enabled triggers): in_use_by names each and the detail says how to end it. Archived ' +
      'agents are listed with agent/list?archived=true and come back with unarchive. Archiving twice changes nothing.',
    operation: archiveAgent,
    params: AgentIdParams,
    response: ArchiveResult,
    handler: ({ em, principal, params }) => archiveAgent(em, principal, parseInput(archiveAgent.input, { agentId: params.agent_id }, '')),
  }),
  route({
    method: 'post',
    path: '/v1/agent/{agent_id}/unarchive',
    operationId: 'unarchiveAgent',
    tag,
    summary: 'Bring an archived agent back: it takes changes again and can be published',
    operation: unarchiveAgent,
    params: AgentIdParams,
    response: ArchiveResult,
    handler: ({ em, principal, params }) => unarchiveAgent(em, principal, parseInput(unarchiveAgent.input, { agentId: params.agent_id }, '')),
  }),
  route({
    method: 'post',
    path: '/v1/agent/{agent_id}/traffic_split',
    operationId: 'setAgentTrafficSplit',
    tag,
    summary: 'Split callers between versions by percent',
    description:
      'Same body as the MCP tool set_agent_traffic_split, without agentId: shares naming a published version ' +
      '(versionId) or an open branch (branchId, resolved to its head now), whole percents adding up to 100. A caller ' +
      'keeps landing on the same version while the split stays (a stable hash of the caller and the agent). An empty ' +
      'split removes it: every caller then reaches the live version. A share on a branch head that has not passed the ' +
      "agent's required tests is refused with 422 naming the branch and the missing tests (the merge gate), unless " +
      '`override: {reason}` is given; the override is recorded in the audit log with who gave it.',
    answers: { 422: 'A share names a branch head that has not passed the required tests (without override)' },
    operation: setAgentTrafficSplit,
    params: AgentIdParams,
    body: SetTrafficSplitRestBody,
    response: TrafficSplitResult,
    handler: ({ em, principal, params, body }) =>
      setAgentTrafficSplit(em, principal, parseInput(setAgentTrafficSplit.input, { ...body, agentId: params.agent_id }, '')),
  }),
];
