import { RecordingLinkResponse, SessionIdParams } from '../../modules/calls/calls.schemas.js';
import { createRecordingLink } from '../../modules/calls/recording-links.js';
import { defineTool, scopedProject } from '../tool.js';

export const getCallRecordingUrl = defineTool({
  name: 'get_call_recording_url',
  title: 'Get a call recording link',
  description:
    'A signed link to the audio (WAV) of a call, valid for one hour and usable without any sign-in: ' +
    'hand it to the person only. Each call issues a new link. Fails when the call has no recording ' +
    '(has_recording is false in get_call).',
  input: SessionIdParams.shape,
  output: RecordingLinkResponse,
  // Issuing a link changes nothing: it is computed (signed), not stored.
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  permission: 'recordings:read',
  handler: async ({ session_id }, { em, principal, deps, baseUrl }) => ({
    recording: await createRecordingLink(
      em,
      { secret: deps.config.recordings.linkSecret, baseUrl },
      principal.organizationId,
      session_id,
      scopedProject(principal, undefined),
    ),
  }),
});
