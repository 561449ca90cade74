import {
  ListReleasesResponse,
  ReleaseAgentParams,
  ReleaseParams,
  ReleaseReasonBody,
  ReleaseResponse,
  StartReleaseRestBody,
} from '../../modules/releases/releases.schemas.js';
import { startRelease } from '../../modules/releases/start-release.js';
import { getRelease } from '../../modules/releases/get-release.js';
import { listReleases } from '../../modules/releases/list-releases.js';
import { controlRelease, RELEASE_MOVES, type ReleaseMoveName } from '../../modules/releases/control-release.js';
import { parseInput } from '../../modules/validation.js';
import { temporalAccess } from '../../modules/temporal-access.js';
import { route, type Route } from '../route.js';
import { listAnswer } from '../../modules/paging.js';

const tag = 'Releases';

const MOVE_SUMMARY: Record<ReleaseMoveName, string> = {
  approve: 'Approve a release waiting at its approval gate',
  pause: 'Pause a release before its next step',
  resume: 'Resume a paused release',
  abort: 'Abort a release; published changes are undone (previous live version and split restored)',
  rollback: 'Roll a release back after its publish: previous live version and split restored',
};

/** One route per move; the optional JSON body `{reason}` is recorded with the release. */
const moveRoutes: Route[] = RELEASE_MOVES.map((move) =>
  route({
    method: 'post',
    path: `/v1/agent/{agent_id}/release/{release_id}/${move}`,
    operationId: `${move}Release`,
    tag,
    summary: MOVE_SUMMARY[move],
    description:
      'Optional JSON body: {"reason": "..."}. A move the release cannot make now (approve when nothing waits for ' +
      'approval, roll back before publishing, anything once it finished) is a 409 saying why.',
    operation: controlRelease,
    params: ReleaseParams,
    response: ReleaseResponse,
    handler: async ({ em, principal, params, deps, ctx }) => {
      const body = ctx.request.body === undefined ? {} : parseInput(ReleaseReasonBody, ctx.request.body, 'body');
      return {
        release: await controlRelease(
          em,
          principal,
          { agentId: params.agent_id, releaseId: params.release_id, move, reason: body.reason },
          temporalAccess(deps),
        ),
      };
    },
  }),
);

export const releaseRoutes = [
  route({
    method: 'post',
    path: '/v1/agent/{agent_id}/release/start',
    operationId: 'startRelease',
    tag,
    summary: 'Release a branch: tests, merge preview, approval, merge, publish, staged rollout',
    description:
      'Runs the releasePipeline workflow and answers 202 with the release (every step pending). Send an Idempotency-Key ' +
      'header to make a retry return the same release. One release at a time per agent (409 otherwise). Needs agents:write ' +
      'too, since a release merges. 503 without Temporal.',
    answers: {
      422: 'The release cannot start: the candidate has not passed the required tests, or a rule refuses it',
      503: 'Temporal (the workflow service) is unreachable: nothing was started; retry after Retry-After',
    },
    operation: startRelease,
    params: ReleaseAgentParams,
    body: StartReleaseRestBody,
    response: ReleaseResponse,
    status: 202,
    handler: async ({ em, principal, params, body, deps, idempotencyKey }) => ({
      release: await startRelease(
        em,
        principal,
        parseInput(
          startRelease.input,
          {
            ...body,
            agent_id: params.agent_id,
            idempotency_key: idempotencyKey,
          },
          '',
        ),
        temporalAccess(deps),
      ),
    }),
  }),
  route({
    method: 'get',
    path: '/v1/agent/{agent_id}/release/list',
    operationId: 'listReleases',
    tag,
    summary: 'The releases of an agent, newest first',
    operation: listReleases,
    params: ReleaseAgentParams,
    takes: 'query',
    response: ListReleasesResponse,
    handler: async ({ em, principal, params, query }) => listAnswer('releases', await listReleases(em, principal, params.agent_id, query)),
  }),
  route({
    method: 'get',
    path: '/v1/agent/{agent_id}/release/{release_id}/retrieve',
    operationId: 'retrieveRelease',
    tag,
    summary: 'A release: every step with times, results and errors, and live progress while it runs',
    operation: getRelease,
    params: ReleaseParams,
    response: ReleaseResponse,
    handler: async ({ em, principal, params, deps }) => ({
      release: await getRelease(em, principal, params.agent_id, params.release_id, deps.temporal ? temporalAccess(deps) : undefined),
    }),
  }),
  ...moveRoutes,
];
