import { randomInt } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@jest/globals';
import type { TestApp } from '../support/app.js';
import { createTenant, unique, type TestTenant } from '../support/factories.js';
import { makeAgent } from '../support/engine.js';
import { eventually } from '../support/releases.js';
import { sql } from '../../src/db/orm.js';
import { newId } from '../../src/modules/ids.js';
import { Campaign, type RecipientState } from '../../src/modules/campaigns/campaigns.entity.js';
import type { RecipientView } from '../../src/modules/campaigns/campaigns.schemas.js';
import { DomainError } from '../../src/modules/errors.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';
import { publishAgent } from '../../src/modules/agents/publish-agent.js';
import type { AgentView } from '../../src/modules/agents/agents.schemas.js';
import { engineSettingsFrom } from '../../src/modules/engine/engine-settings.js';
import { purchasePhoneNumber } from '../../src/modules/telephony/numbers/purchase-phone-number.js';
import { searchPhoneNumbers } from '../../src/modules/telephony/numbers/search-phone-numbers.js';
import { importPhoneNumber } from '../../src/modules/telephony/numbers/import-phone-number.js';
import { TWILIO_SID, TWILIO_TOKEN } from '../support/fake-twilio.js';
import { TELNYX_KEY, TELNYX_PUBLIC_KEY } from '../support/fake-telnyx.js';

/** Rules of the simulated model: the default customer script ends the call politely. */
export const agentRules = [
  { when: 'speaking', say: 'Hi, this is Acme Dental confirming your appointment tomorrow.' },
  { when: 'goodbye', say: 'Goodbye!', hangup: true },
];

export interface CampaignTenant {
  tenant: TestTenant;
  agent: AgentView;
  callers: string[];
}

/** A published agent of `tenant` on the simulated model (agentRules). */
export async function publishedAgent(t: TestApp, tenant: TestTenant): Promise<AgentView> {
  const agent = await makeAgent(t, tenant, { model: { provider: 'simulated', name: 'rules', temperature: 0, rules: agentRules } } as never);
  await publishAgent(t.orm.em.fork(), systemPrincipal(tenant.organizationId), publishAgent.input.parse({ agentId: agent.agent_id }));
  return agent;
}

/** A new organization with a published agent on the simulated model and `callers` numbers bought from the simulated carrier. */
export async function campaignTenant(t: TestApp, callers = 2): Promise<CampaignTenant> {
  const tenant = await createTenant(t);
  const agent = await publishedAgent(t, tenant);
  return { tenant, agent, callers: await buyNumbers(t, tenant.organizationId, callers) };
}

/**
 * A number the carrier account (`owned`: the fake carrier's numbers) holds, imported into the tenant through
 * `connectionId`. Numbers are unique across the shared test database: a taken one is skipped.
 */
/** The fakes' credentials for each carrier (the fake checks them as the carrier would). */
const CARRIER_CREDENTIALS = {
  twilio: { account_sid: TWILIO_SID, auth_token: TWILIO_TOKEN },
  telnyx: { api_key: TELNYX_KEY, call_control_app_id: 'cc-app', public_key: TELNYX_PUBLIC_KEY },
};

/** A Twilio or Telnyx connection of the tenant, through REST, to a fake carrier at `baseUrl`: its id. */
export async function carrierConnection(t: TestApp, tenant: TestTenant, provider: 'twilio' | 'telnyx', baseUrl: string): Promise<string> {
  const res = await t.request
    .post('/v1/telephony/connection/create')
    .set(tenant.headers)
    .send({ provider, name: unique(provider), base_url: baseUrl, credentials: CARRIER_CREDENTIALS[provider] });
  expect(res.status).toBe(201);
  return res.body.connection.connection_id as string;
}

export async function importedNumber(t: TestApp, tenant: TestTenant, owned: Map<string, string>, connectionId: string): Promise<string> {
  const settings = engineSettingsFrom(t.deps.config);
  for (;;) {
    const number = `+1646555${String(randomInt(10_000)).padStart(4, '0')}`;
    owned.set(number, `PN${randomInt(1e9)}`);
    try {
      await importPhoneNumber(
        t.orm.em.fork(),
        systemPrincipal(tenant.organizationId),
        importPhoneNumber.input.parse({ connection_id: connectionId, number }),
        settings,
      );
      return number;
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'CONFLICT')) throw error;
    }
  }
}

/**
 * `count` numbers from the simulated carrier's pool. Test files run in
 * parallel on one database, so a number found free may be bought by another
 * file first (409): then the next one is tried.
 */
export async function buyNumbers(t: TestApp, organizationId: string, count: number): Promise<string[]> {
  const system = systemPrincipal(organizationId);
  const settings = engineSettingsFrom(t.deps.config);
  const bought: string[] = [];
  for (let round = 0; round < 10 && bought.length < count; round++) {
    const { numbers } = await searchPhoneNumbers(
      t.orm.em.fork(),
      system,
      searchPhoneNumbers.input.parse({ country: 'US', area_code: '415', page_size: Math.min(100, count + 5) }),
      settings,
    );
    for (const n of numbers) {
      if (bought.length === count) break;
      try {
        bought.push((await purchasePhoneNumber(t.orm.em.fork(), system, purchasePhoneNumber.input.parse({ number: n.number }), settings)).number);
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'CONFLICT')) throw error;
      }
    }
  }
  return bought;
}

export type CampaignBody = {
  campaign_id: string;
  status: string;
  reason: string | null;
  spent_micros: number;
  spend_cap_micros: number | null;
  max_concurrent_calls: number;
  calls_per_minute: number;
  counts: { recipients: number; by_state: Record<string, number>; by_outcome: Record<string, number>; dials: number };
  progress: Record<string, unknown> | null;
  workflow_id: string;
};

export function campaignApi(t: TestApp, tenant: TestTenant) {
  const retrieve = async (id: string): Promise<CampaignBody> => {
    const res = await t.request.get(`/v1/outbound/campaign/${id}/retrieve`).set(tenant.headers);
    expect(res.status).toBe(200);
    return res.body.campaign;
  };
  return {
    launch: (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      t.request.post('/v1/outbound/campaign/launch').set(tenant.headers).set(headers).send(body),
    retrieve,
    move: (id: string, move: string, body?: Record<string, unknown>) => {
      const req = t.request.post(`/v1/outbound/campaign/${id}/${move}`).set(tenant.headers);
      return body ? req.send(body) : req;
    },
    finished: (id: string, ms = 240_000) =>
      eventually(
        () => retrieve(id),
        (c) => c.status === 'completed' || c.status === 'cancelled',
        ms,
        500,
      ),
    /** Calls the carrier placed for this organization: number → idempotency keys. */
    carrierLog: async () => {
      const rows = await sql<{ id: string; to_number: string; idempotency_key: string }>(
        t.orm.em.fork(),
        'select id, to_number, idempotency_key from carrier_call_log where organization_id = ?',
        [tenant.organizationId],
      );
      const byNumber = new Map<string, string[]>();
      for (const r of rows) byNumber.set(r.to_number, [...(byNumber.get(r.to_number) ?? []), r.idempotency_key]);
      return { rows, byNumber };
    },
    /** Every recipient, in launch order, as GET /v1/outbound/campaign/{id}/recipient/list pages them. */
    recipients: async (id: string): Promise<RecipientView[]> => {
      const all: RecipientView[] = [];
      for (let cursor: string | null = null, first = true; first || cursor; first = false) {
        const res: { status: number; body: { recipients: RecipientView[]; next_cursor: string | null } } = await t.request
          .get(`/v1/outbound/campaign/${id}/recipient/list?page_size=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
          .set(tenant.headers);
        expect(res.status).toBe(200);
        all.push(...res.body.recipients);
        cursor = res.body.next_cursor;
      }
      return all;
    },
  };
}

/** `count` distinct numbers of the fictional 555 exchange in New York (212), from `from` on. */
export const nyNumbers = (count: number, from = 1000) => Array.from({ length: count }, (_, i) => `+1212555${String(from + i).padStart(4, '0')}`);

export interface Delivery {
  path: string;
  envelope: { type: string; id: string; data: Record<string, unknown> };
}
export interface Receiver {
  /** Webhook deliveries to `path`, in arrival order (each answered 200). */
  at(path: string): Delivery[];
  url(path: string): string;
  close(): Promise<void>;
}

/** A loopback webhook receiver for agent triggers: records every POST and answers 200. */
export async function startReceiver(): Promise<Receiver> {
  const seen: Delivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ path: req.url ?? '/', envelope: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Delivery['envelope'] });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    at: (path) => seen.filter((d) => d.path === path),
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Places one call through POST /v1/outbound/call/create and waits (up to `waitMs`) until it has ended: the call as retrieved. */
export async function placeOutboundCall(
  t: TestApp,
  tenant: TestTenant,
  body: { agent_id: string; from_number: string; to_number: string },
  waitMs = 30_000,
): Promise<Record<string, unknown>> {
  const created = await t.request.post('/v1/outbound/call/create').set(tenant.headers).send(body);
  expect(created.status).toBe(202);
  const id = created.body.outbound_call.outbound_call_id as string;
  return eventually(
    async () => (await t.request.get(`/v1/outbound/call/retrieve/${id}`).set(tenant.headers)).body.outbound_call as Record<string, unknown>,
    (c) => !['queued', 'dialling', 'in_call'].includes(c.status as string),
    waitMs,
    200,
  );
}

/**
 * A campaign row with recipients in the given states, no workflow (what reads it: pages, lists). A recipient
 * that was dialled has one attempt: an outbound_call row with its session id, ended as its last outcome.
 */
export async function insertCampaign(
  t: TestApp,
  tenant: TestTenant,
  name: string,
  states: Partial<Record<RecipientState, number>>,
  over: Partial<Campaign> = {},
): Promise<string> {
  const agent = await makeAgent(t, tenant);
  const em = t.orm.em.fork();
  const campaign = em.create(Campaign, {
    id: newId('campaign'),
    organization: tenant.organizationId,
    project: agent.project_id,
    agent: agent.agent_id,
    name,
    callerNumbers: ['+14155550100'],
    window: null,
    timeZone: 'America/New_York',
    maxConcurrent: 5,
    callsPerMinute: 60,
    retry: { outcomes: ['no_answer'], max_attempts: 2, delay_seconds: 60 },
    spendCapMicros: 5_000_000,
    spentMicros: 1_250_000,
    customerScript: ['Hello?'],
    variables: {},
    status: 'running',
    reason: null,
    idempotencyKey: null,
    createdBy: { type: 'system', id: null, name: null },
    finishedAt: null,
    ...over,
  });
  await em.flush();
  const rows: { id: string; contact_id: string; phone: string; seq: number; state: string; last_outcome: string | null; attempts: number }[] = [];
  for (const [state, n] of Object.entries(states)) {
    for (let i = 0; i < n!; i++) {
      const seq = rows.length;
      rows.push({
        id: newId('campaignRecipient'),
        contact_id: `cnt_${campaign.id.slice(-8)}_${seq}`,
        phone: `+1212555${String(1000 + seq)}`,
        seq,
        state,
        last_outcome: state === 'done' ? (i % 2 ? 'no_answer' : 'completed') : state === 'skipped_dnc' ? 'dnc_blocked' : state === 'failed' ? 'failed' : null,
        attempts: state === 'queued' ? 0 : 1,
      });
    }
  }
  await sql(
    em,
    `insert into campaign_recipient (id, campaign_id, contact_id, phone, time_zone, seq, attempts, state, last_outcome, updated_at)
    select v.id, ?, v.contact_id, v.phone, 'America/New_York', v.seq, v.attempts, v.state, v.last_outcome, now()
      from json_to_recordset(?) as v(id text, contact_id text, phone text, seq int, attempts int, state text, last_outcome text)`,
    [campaign.id, JSON.stringify(rows)],
  );
  const dialled = rows.filter((r) => r.attempts > 0);
  await sql(
    em,
    `insert into outbound_call (id, organization_id, project_id, agent_id, version_id, session_id, dial_key, campaign_id, from_number, to_number,
       contact_id, variables, customer_script, status, end_reason, created_by, created_at, updated_at)
    select v.id, ?, ?, ?, ?, v.session_id, 'dial/' || ? || '/' || v.contact_id || '/1', ?, '+14155550100', v.phone, v.contact_id, '{}', '[]',
       coalesce(v.status, 'dialling'), null, '{"type":"system","id":null,"name":null}', now(), now()
      from json_to_recordset(?) as v(id text, session_id text, contact_id text, phone text, status text)`,
    [
      tenant.organizationId,
      agent.project_id,
      agent.agent_id,
      agent.version_id,
      campaign.id,
      campaign.id,
      JSON.stringify(
        dialled.map((r) => ({ id: newId('outboundCall'), session_id: newId('session'), contact_id: r.contact_id, phone: r.phone, status: r.last_outcome })),
      ),
    ],
  );
  return campaign.id;
}
