import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { notFound } from '../errors.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { CONTACT_COLUMNS, toContactView } from './outbound-views.js';
import type { ContactView } from './outbound.schemas.js';

/** Another organization's contact reads as 404, like one that does not exist. */
export const getContact = operation({ needs: 'calls:read' }, async (em: Em, principal: Principal, contactId: string): Promise<ContactView> => {
  const rows = await sql(em, `select ${CONTACT_COLUMNS} from contact where organization_id = ? and id = ?`, [principal.organizationId, contactId]);
  if (!rows[0]) throw notFound('Contact', contactId);
  return toContactView(rows[0]);
});
