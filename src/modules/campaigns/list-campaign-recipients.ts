import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { findPage, type PageOf } from '../paging.js';
import { Contact } from '../outbound/outbound.entity.js';
import { CampaignRecipient, OutboundCall } from './campaigns.entity.js';
import { ListRecipientsQuery, type RecipientView } from './campaigns.schemas.js';
import { findCampaign } from './campaign-access.js';

/**
 * A campaign's recipients in the order it was launched with (ids are made in that order), each with every
 * attempt's call and its session: what the operator follows a campaign by, one recipient at a time. Two reads
 * per page (the calls, the contacts' names), whatever its size.
 */
export const listCampaignRecipients = operation(
  { needs: 'agents:read', input: ListRecipientsQuery },
  async (em: Em, principal: Principal, campaignId: string, query: z.output<typeof ListRecipientsQuery>): Promise<PageOf<RecipientView>> => {
    const campaign = await findCampaign(em, principal, campaignId);
    const page = await findPage(em, CampaignRecipient, { campaign: campaign.id, ...(query.state ? { state: query.state } : {}) }, query, {
      list: 'campaign_recipients',
      order: 'asc',
      filters: { campaign_id: campaign.id, ...(query.state ? { state: query.state } : {}) },
    });
    const contactIds = page.items.map((r) => r.contactId);
    const [calls, contacts] = contactIds.length
      ? await Promise.all([
          em.find(OutboundCall, { campaignId: campaign.id, contactId: { $in: contactIds } }, { orderBy: { createdAt: 'asc', id: 'asc' } }),
          em.find(Contact, { organization: campaign.organization, id: { $in: contactIds } }, { fields: ['id', 'name'] }),
        ])
      : [[], []];
    const callsOf = new Map<string, OutboundCall[]>();
    for (const call of calls) callsOf.set(call.contactId!, [...(callsOf.get(call.contactId!) ?? []), call]);
    const nameOf = new Map(contacts.map((c) => [c.id, c.name ?? null]));
    return {
      ...page,
      items: page.items.map((r) => ({
        recipient_id: r.id,
        contact_id: r.contactId,
        name: nameOf.get(r.contactId) ?? null,
        phone: r.phone,
        time_zone: r.timeZone,
        position: r.seq,
        state: r.state,
        attempts: r.attempts,
        last_outcome: r.lastOutcome ?? null,
        next_attempt_at: r.nextAttemptAt?.toISOString() ?? null,
        calls: (callsOf.get(r.contactId) ?? []).map((c, i) => ({
          attempt: i + 1,
          outbound_call_id: c.id,
          session_id: c.sessionId,
          from_number: c.fromNumber,
          status: c.status,
          end_reason: c.endReason ?? null,
          created_at: c.createdAt.toISOString(),
        })),
        updated_at: r.updatedAt.toISOString(),
      })),
    };
  },
);
