import { ListReleasesResponse, ReleaseAgentParams } from '../../modules/releases/releases.schemas.js';
import { listReleases } from '../../modules/releases/list-releases.js';
import { listAnswer } from '../../modules/paging.js';
import { defineTool } from '../tool.js';

export const listReleasesTool = defineTool({
  name: 'list_releases',
  title: "List an agent's releases",
  description:
    'The releases of an agent, newest first: release_id, branch, status, reason, steps. One release live: ' +
    'release_get; move one with release_approve, _pause, _resume, _abort or _rollback. Pages: pass next_cursor ' +
    'back as cursor.',
  operation: listReleases,
  input: ReleaseAgentParams.shape,
  output: ListReleasesResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async ({ agent_id, ...page }, { em, principal }) => listAnswer('releases', await listReleases(em, principal, agent_id, page)),
});
