import { DncAddResult } from '../../modules/outbound/outbound.schemas.js';
import { dncAdd } from '../../modules/outbound/dnc-add.js';
import { defineTool } from '../tool.js';

export const outboundDncAdd = defineTool({
  name: 'outbound_dnc_add',
  title: 'Add a number to the do-not-call list',
  description:
    "Puts a phone number on the organization's do-not-call list: no outbound call or campaign will dial it again. " +
    'Adding a number already listed keeps the first entry and returns it (created false).',
  operation: dncAdd,
  input: {},
  output: DncAddResult,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: (input, { em, principal }) => dncAdd(em, principal, input),
});
