import { ContactDeleteParams, ContactDeletedResponse } from '../../modules/deletes.schemas.js';
import { deleteContact } from '../../modules/outbound/delete-contact.js';
import { defineTool } from '../tool.js';

export const contactDelete = defineTool({
  name: 'contact_delete',
  title: 'Delete a contact',
  description:
    'Deletes a contact (contact_resolve_or_create gives its id): name, phone, email, attributes. Refused while a ' +
    'running or paused campaign still has it to dial or a call to it has not finished (in_use_by). Does not add the ' +
    'number to the do-not-call list (outbound_dnc_add does).',
  operation: deleteContact,
  input: ContactDeleteParams.shape,
  output: ContactDeletedResponse,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler: ({ contact_id }, { em, principal }) => deleteContact(em, principal, contact_id),
});
