import { randomInt } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@jest/globals';
import type { TestApp } from '../support/app.js';
import { createTenant, unique, type TestTenant } from '../support/factories.js';
import { makeAgent } from '../support/engine.js';
import { eventually } from '../support/releases.js';
import { sql } from '../../src/db/orm.js';
import { DomainError } from '../../src/modules/errors.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';
import { publishAgent } from '../../src/modules/agents/publish-agent.js';
import type { AgentView } from '../../src/modules/agents/agents.schemas.js';
import { engineSettingsFrom } from '../../src/modules/engine/engine-settings.js';
import { purchasePhoneNumber } from '../../src/modules/telephony/purchase-phone-number.js';
import { searchPhoneNumbers } from '../../src/modules/telephony/search-phone-numbers.js';
import { importPhoneNumber } from '../../src/modules/telephony/import-phone-number.js';
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
    recipients: (id: string) =>
      sql<{ phone: string; attempts: number; state: string; last_outcome: string | null; next_attempt_at: Date | null }>(
        t.orm.em.fork(),
        'select phone, attempts, state, last_outcome, next_attempt_at from campaign_recipient where campaign_id = ? order by seq',
        [id],
      ),
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
