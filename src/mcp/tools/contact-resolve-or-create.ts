import { ResolveContactResult } from '../../modules/outbound/outbound.schemas.js';
import { contactResolveOrCreate as resolve } from '../../modules/outbound/contact-resolve-or-create.js';
import { defineTool } from '../tool.js';

export const contactResolveOrCreate = defineTool({
  name: 'contact_resolve_or_create',
  title: 'Find or create a contact',
  description:
    "Finds the organization's contact with this phone number (compared in E.164) or email, else creates it, and returns " +
    'it with created true or false. Give a phone, an email or both; national numbers need default_country. Calling it ' +
    'again with the same phone returns the same contact.',
  operation: resolve,
  input: {},
  output: ResolveContactResult,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: (input, { em, principal }) => resolve(em, principal, input),
});
