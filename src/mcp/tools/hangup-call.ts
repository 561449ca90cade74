import { z } from 'zod';
import { SessionIdParams } from '../../modules/calls/calls.schemas.js';
import { hangupCall } from '../../modules/calls/hangup-call.js';
import { temporalAccess } from '../../modules/temporal-access.js';
import { defineTool } from '../tool.js';

export const hangupCallTool = defineTool({
  name: 'hangup_call',
  title: 'Hang up a live call',
  description:
    'Ends a phone call that is in progress (status in_progress in list_calls or get_call): the agent side sends the ' +
    'hang-up, and the call is then recorded as ended with its transcript and recording. Fails for a call that has ended.',
  input: SessionIdParams.shape,
  output: z.object({ session_id: z.string(), hangup: z.literal('requested') }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  permission: 'outbound:call',
  handler: async ({ session_id }, { em, principal, deps }) => hangupCall(em, temporalAccess(deps), principal, session_id),
});
