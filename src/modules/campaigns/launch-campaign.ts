import type { z } from 'zod';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError, validationFailed, type FieldIssue } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { actorOf, findAgent } from '../agents/agent-access.js';
import { checkDefaultCountry, normalizePhone, tryNormalizePhone } from '../phone.js';
import { timeZoneOf } from '../outbound/phone.js';
import { startWorkflowOrClose, type TemporalAccess } from '../temporal-access.js';
import { workflowIds } from '../../../workflows/workflow-ids.js';
import type { CampaignInput, CampaignProgress } from '../../../workflows/outbound-campaign/messages.js';
import { Campaign } from './campaigns.entity.js';
import { DEFAULT_CUSTOMER_SCRIPT, LaunchCampaignBody, RetryPolicySchema, type CampaignView } from './campaigns.schemas.js';
import { isValidTimeZone } from './calling-window.js';
import { campaignView } from './campaign-views.js';

/** Dials one workflow run starts before it continues as new: keeps each run's history a few thousand events. */
export const DIALS_PER_RUN = 200;

/**
 * Launches a campaign: checks everything that can be refused (agent with a
 * live version, caller numbers owned, recipients valid), writes the campaign
 * and one campaign_recipient row per distinct contact in one transaction,
 * then starts `campaign/<id>`. Numbers are resolved to contacts (made when
 * new) in bulk: one insert ... on conflict do nothing, then one select.
 * Idempotency: the same key returns the campaign it launched. A launch the
 * workflow service refused (503) keeps no key: its retry launches anew.
 */
export const launchCampaign = operation(
  { needs: 'outbound:launch', input: LaunchCampaignBody },
  async (em: Em, principal: Principal, body: z.output<typeof LaunchCampaignBody>, temporal: TemporalAccess): Promise<CampaignView> => {
    if ((body.contact_ids === undefined) === (body.numbers === undefined)) {
      throw validationFailed([{ field: 'contact_ids', message: 'send exactly one of contact_ids and numbers' }]);
    }
    if (!isValidTimeZone(body.time_zone)) throw validationFailed([{ field: 'time_zone', message: 'is not an IANA time zone such as Europe/Paris' }]);
    const country = checkDefaultCountry(body.default_country, 'default_country');
    const existing = body.idempotency_key ? await em.findOne(Campaign, { organization: principal.organizationId, idempotencyKey: body.idempotency_key }) : null;
    if (existing) return resume(em, existing, temporal);

    const callers = [...new Set(body.caller_numbers.map((n, i) => normalizePhone(n, `caller_numbers.${i}`).e164))];
    const owned = await sql<{ number: string }>(
      em,
      'select number from phone_number where organization_id = ? and number in (select json_array_elements_text(?::json))',
      [principal.organizationId, JSON.stringify(callers)],
    );
    const missing = callers.filter((n) => !owned.some((o) => o.number === n));
    if (missing.length) {
      throw new DomainError('UNPROCESSABLE', `${missing.join(', ')} ${missing.length === 1 ? 'is not one' : 'are not'} of the organization's phone numbers`, {
        issues: missing.map((n) => ({
          field: `caller_numbers.${body.caller_numbers.findIndex((x, i) => normalizePhone(x, `caller_numbers.${i}`).e164 === n)}`,
          message: 'not a number of this organization',
        })),
      });
    }
    const agent = await findAgent(em, principal, body.agent_id);
    if (!agent.liveVersionId && !agent.trafficSplit?.length) {
      throw new DomainError('CONFLICT', `Agent ${agent.id} has no live version: publish it first`, { agent_id: agent.id });
    }
    const recipients = body.numbers
      ? await resolveNumbers(em, principal.organizationId, body.numbers, country)
      : await findContacts(em, principal.organizationId, body.contact_ids!);

    const id = newId('campaign');
    let campaign: Campaign;
    try {
      campaign = await em.transactional(async (tx) => {
        const made = tx.create(Campaign, {
          id,
          organization: agent.organization,
          project: agent.project,
          agent: agent.id,
          name: body.name ?? `Campaign ${new Date().toISOString().slice(0, 10)}`,
          callerNumbers: callers,
          window: body.window ?? null,
          timeZone: body.time_zone,
          maxConcurrent: body.max_concurrent_calls,
          callsPerMinute: body.calls_per_minute,
          retry: body.retry ?? RetryPolicySchema.parse({}),
          spendCapMicros: body.spend_cap_micros ?? null,
          spentMicros: 0,
          customerScript: body.customer_script ?? DEFAULT_CUSTOMER_SCRIPT,
          variables: body.variables ?? {},
          status: 'running',
          reason: null,
          idempotencyKey: body.idempotency_key ?? null,
          createdBy: actorOf(principal),
          finishedAt: null,
        });
        recordAudit(tx, principal, {
          action: 'campaign.launch',
          targetType: 'campaign',
          targetId: id,
          projectId: agent.project,
          data: { agent_id: agent.id, recipients: recipients.length, caller_numbers: callers },
        });
        await tx.flush();
        await sql(
          tx,
          `insert into campaign_recipient (id, campaign_id, contact_id, phone, time_zone, seq, attempts, state, updated_at)
          select v.id, ?, v.contact_id, v.phone, v.time_zone, v.seq, 0, 'queued', now()
            from json_to_recordset(?) as v(id text, contact_id text, phone text, time_zone text, seq int)`,
          [
            id,
            JSON.stringify(
              recipients.map((r, seq) => ({ id: newId('campaignRecipient'), contact_id: r.id, phone: r.phone, time_zone: r.time_zone ?? body.time_zone, seq })),
            ),
          ],
        );
        return made;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException && body.idempotency_key) {
        const winner = await em.fork().findOne(Campaign, { organization: principal.organizationId, idempotencyKey: body.idempotency_key });
        if (winner) return resume(em.fork(), winner, temporal);
      }
      throw error;
    }
    await startWorkflow(em, campaign, temporal);
    return campaignView(em, campaign, null);
  },
);

interface RecipientContact {
  id: string;
  phone: string;
  time_zone: string | null;
}

async function findContacts(em: Em, organizationId: string, ids: string[]): Promise<RecipientContact[]> {
  const distinct = [...new Set(ids)];
  const rows = await sql<{ id: string; phone: string | null; time_zone: string | null }>(
    em,
    'select id, phone, time_zone from contact where organization_id = ? and id in (select json_array_elements_text(?::json))',
    [organizationId, JSON.stringify(distinct)],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const issues: FieldIssue[] = [];
  distinct.forEach((id) => {
    const row = byId.get(id);
    if (!row) issues.push({ field: `contact_ids.${ids.indexOf(id)}`, message: `contact ${id} was not found` });
    else if (!row.phone) issues.push({ field: `contact_ids.${ids.indexOf(id)}`, message: `contact ${id} has no phone number` });
  });
  if (issues.length) throw new DomainError('UNPROCESSABLE', `${issues.length} of the contacts cannot be called`, { issues: issues.slice(0, 50) });
  return distinct.map((id) => byId.get(id) as RecipientContact);
}

async function resolveNumbers(em: Em, organizationId: string, numbers: string[], country: string | undefined): Promise<RecipientContact[]> {
  const issues: FieldIssue[] = [];
  const parsed = new Map<string, { e164: string; country: string | null; zone: string | null }>();
  numbers.forEach((raw, i) => {
    const result = tryNormalizePhone(raw, country);
    if (!result.ok) issues.push({ field: `numbers.${i}`, message: result.reason });
    else if (!parsed.has(result.phone.e164))
      parsed.set(result.phone.e164, { e164: result.phone.e164, country: result.phone.country, zone: timeZoneOf(result.phone) });
  });
  if (issues.length) throw validationFailed(issues.slice(0, 50), `${issues.length} of the numbers are not valid phone numbers`);
  const list = [...parsed.values()];
  // Resolve-or-create in bulk: racing launches meet on the (organization, phone) unique index.
  await sql(
    em,
    `insert into contact (id, organization_id, name, phone, email, country, time_zone, attributes, created_at, updated_at)
    select v.id, ?, null, v.phone, null, v.country, v.time_zone, '{}'::jsonb, now(), now()
      from json_to_recordset(?) as v(id text, phone text, country text, time_zone text)
    on conflict do nothing`,
    [organizationId, JSON.stringify(list.map((p) => ({ id: newId('contact'), phone: p.e164, country: p.country, time_zone: p.zone })))],
  );
  const rows = await sql<RecipientContact>(
    em,
    'select id, phone, time_zone from contact where organization_id = ? and phone in (select json_array_elements_text(?::json))',
    [organizationId, JSON.stringify(list.map((p) => p.e164))],
  );
  const byPhone = new Map(rows.map((r) => [r.phone, r]));
  return list.map((p) => byPhone.get(p.e164)).filter((r): r is RecipientContact => r !== undefined);
}

async function resume(em: Em, campaign: Campaign, temporal: TemporalAccess): Promise<CampaignView> {
  await startWorkflow(em, campaign, temporal);
  return campaignView(em, campaign, null);
}

/** Starts `campaign/<id>`; already started is success (a retry). Any other failure closes the campaign. */
async function startWorkflow(em: Em, campaign: Campaign, temporal: TemporalAccess): Promise<void> {
  const input: CampaignInput = {
    campaignId: campaign.id,
    maxConcurrent: campaign.maxConcurrent,
    callsPerMinute: campaign.callsPerMinute,
    paused: false,
    recentStarts: [],
    dialsPerRun: DIALS_PER_RUN,
  };
  await startWorkflowOrClose<(input: CampaignInput) => Promise<CampaignProgress>>(temporal, 'outboundCampaign', workflowIds.campaign(campaign.id), [input], {
    noun: 'campaign',
    details: { campaign_id: campaign.id },
    // The campaign closes, and lets go of its Idempotency-Key: the same request once Temporal is back starts
    // afresh instead of answering with a campaign that never ran.
    close: (reason) =>
      em.nativeUpdate(Campaign, { id: campaign.id, status: 'running' }, { status: 'cancelled', reason, finishedAt: new Date(), idempotencyKey: null }),
  });
}
