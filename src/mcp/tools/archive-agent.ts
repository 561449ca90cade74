import { ArchiveResult } from '../../modules/agents/agents.schemas.js';
import { archiveAgent as archive } from '../../modules/agents/archive-agent.js';
import { defineTool } from '../tool.js';

export const archiveAgent = defineTool({
  name: 'archive_agent',
  title: 'Archive an agent',
  description:
    'The agent leaves list_agents and takes no changes, calls or campaigns; its versions, calls and releases stay ' +
    'readable. Refused while anything uses it (published: unpublish_agent first; destinations, running campaigns, ' +
    'releases, enabled triggers): the error lists them (in_use_by). unarchive_agent brings it back.',
  operation: archive,
  input: {},
  output: ArchiveResult,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler: (input, { em, principal }) => archive(em, principal, input),
});
