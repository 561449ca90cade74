import type { Em } from '../../db/orm.js';
import { DomainError, notFound } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { Campaign, CampaignRecipient, OutboundCall, TERMINAL_OUTBOUND_CALL_STATUSES, TERMINAL_RECIPIENT_STATES } from '../campaigns/campaigns.entity.js';
import { Contact } from './outbound.entity.js';

/**
 * Deletes a contact: its name, phone, email and attributes are gone. Calls and finished campaign rows that named
 * it keep their own copy of the number (they are call records), not the contact. Refused with 409 while a running or
 * paused campaign still has it to dial, or an outbound call to it has not finished (`in_use_by` names them): cancel
 * those first, so a delete never races a dial. The number is not put on the do-not-call list: do that separately.
 */
export const deleteContact = operation(
  { needs: 'outbound:call' },
  async (em: Em, principal: Principal, contactId: string): Promise<{ contact_id: string; deleted: true }> => {
    return em.transactional(async (tx) => {
      const contact = await tx.findOne(Contact, { id: contactId, organization: principal.organizationId });
      if (!contact) throw notFound('Contact', contactId);
      // Through the organization's unfinished campaigns (few), so the recipient lookup uses the (campaign, contact) index.
      const open = await tx.find(
        Campaign,
        { organization: principal.organizationId, status: { $in: ['running', 'paused'] } },
        { fields: ['id', 'name'], orderBy: { id: 'asc' } },
      );
      const [pending, calls] = await Promise.all([
        open.length
          ? tx.find(
              CampaignRecipient,
              { campaign: open.map((c) => c.id), contactId: contact.id, state: { $nin: [...TERMINAL_RECIPIENT_STATES] } },
              { fields: ['id', 'campaign'] },
            )
          : Promise.resolve([]),
        tx.find(
          OutboundCall,
          { organization: principal.organizationId, contactId: contact.id, status: { $nin: [...TERMINAL_OUTBOUND_CALL_STATUSES] } },
          { orderBy: { id: 'asc' }, limit: 20, fields: ['id'] },
        ),
      ]);
      const pendingIn = new Set(pending.map((r) => r.campaign));
      const campaigns = open.filter((c) => pendingIn.has(c.id)).slice(0, 20);
      const uses = [
        ...campaigns.map((c) => ({ kind: 'campaign' as const, id: c.id, label: c.name })),
        ...calls.map((c) => ({ kind: 'outbound_call' as const, id: c.id, label: contact.phone ?? c.id })),
      ];
      if (uses.length) {
        throw new DomainError(
          'CONFLICT',
          `Contact ${contact.id} is still to be dialled by ${uses.map((u) => `${u.kind.replace('_', ' ')} ${u.id}`).join(', ')}: cancel the campaign or wait for the call to finish first`,
          {
            contact_id: contact.id,
            in_use_by: uses,
          },
        );
      }
      tx.remove(contact);
      recordAudit(tx, principal, { action: 'contact.delete', targetType: 'contact', targetId: contact.id, data: {} });
      await tx.flush();
      return { contact_id: contact.id, deleted: true as const };
    });
  },
);
