import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createServer, connect, type Server, type Socket } from 'node:net';
import pino from 'pino';
import { createTestApp, type TestApp } from '../support/app.js';
import { eventually } from '../support/releases.js';
import { sql } from '../../src/db/orm.js';
import { connectTemporal, keepConnecting, type TemporalLink } from '../../src/temporal/connect.js';
import { campaignApi, campaignTenant, nyNumbers } from '../campaigns/support.js';

/**
 * The API while Temporal is unreachable (issue #12, defects 1, 3 and 4),
 * against the test run's real Temporal server behind a TCP proxy that the
 * test takes down and brings back:
 * - a campaign launch answers 503 with Retry-After within a few seconds, and
 *   the same request (same Idempotency-Key) once Temporal is back launches a
 *   campaign that runs, not the one that could not start;
 * - campaign controls answer 503 with Retry-After, never 500;
 * - a process that connected while Temporal was down becomes ready when it
 *   comes back, without a restart.
 */
class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async up(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  /** Temporal "goes down": the listener closes and every connection through it is cut. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

let t: TestApp;
let proxy: TcpProxy;
const links: TemporalLink[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const [host, port] = t.deps.config.temporal.address.split(':');
  proxy = new TcpProxy({ host, port: Number(port) });
  await proxy.up();
  // As `serve` connects: through the proxy, with the API's fast-failing calls.
  const link = await connectTemporal({ address: `127.0.0.1:${proxy.port}`, namespace: t.deps.config.temporal.namespace, fastFail: true });
  links.push(link);
  t.deps.temporal = link;
}, 60_000);

afterAll(async () => {
  await proxy?.down();
  for (const link of links) await link.connection.close().catch(() => {});
  t.deps.temporal = undefined;
  await t?.close();
});

describe('Temporal unreachable', () => {
  it("answers launches and controls 503 with Retry-After at once; a failed launch's key launches afresh once Temporal is back", async () => {
    const { tenant, agent, callers } = await campaignTenant(t, 1);
    const api = campaignApi(t, tenant);
    const body = { agent_id: agent.agent_id, caller_numbers: callers, numbers: nyNumbers(3, 8100), max_concurrent_calls: 1 };
    // A campaign launched while Temporal is up (no worker here: it just waits), to try the controls on.
    const running = await api.launch(body);
    expect(running.status).toBe(202);
    const runningId = running.body.campaign.campaign_id as string;

    await proxy.down();
    let started = performance.now();
    const refused = await api.launch(body, { 'Idempotency-Key': 'outage-1' });
    expect([refused.status, refused.headers['retry-after'], refused.body.code]).toEqual([503, '5', 'UNAVAILABLE']);
    expect(performance.now() - started).toBeLessThan(5000);
    // The campaign that could not start is closed, and does not hold the key.
    const [held] = await sql<{ n: number }>(t.orm.em.fork(), 'select count(*)::int as n from campaign where organization_id = ? and idempotency_key = ?', [
      tenant.organizationId,
      'outage-1',
    ]);
    expect(held.n).toBe(0);
    const [closed] = await sql<{ id: string; status: string; reason: string }>(
      t.orm.em.fork(),
      "select id, status, reason from campaign where organization_id = ? and status = 'cancelled'",
      [tenant.organizationId],
    );
    expect(closed).toMatchObject({ status: 'cancelled', reason: expect.stringContaining('could not start') });

    for (const move of ['pause', 'resume', 'cancel']) {
      started = performance.now();
      const res = await api.move(runningId, move, {});
      expect([move, res.status, res.headers['retry-after'], res.body.code]).toEqual([move, 503, '5', 'UNAVAILABLE']);
      expect(performance.now() - started).toBeLessThan(5000);
    }
    const paced = await api.move(runningId, 'pace', { max_concurrent_calls: 2 });
    expect([paced.status, paced.headers['retry-after']]).toEqual([503, '5']);

    // Temporal is back (the client reconnects on its own): the same request now launches a campaign that runs.
    await proxy.up();
    const launchAgain = async () => {
      const res = await api.launch(body, { 'Idempotency-Key': 'outage-1' });
      return { status: res.status, body: res.body as { campaign: { campaign_id: string; status: string; workflow_id: string } } };
    };
    const again = await eventually(launchAgain, (r) => r.status !== 503, 30_000, 500);
    expect(again.status).toBe(202);
    expect(again.body.campaign).toMatchObject({ status: 'running' });
    expect(again.body.campaign.campaign_id).not.toBe(closed.id);
    const workflow = await t.deps.temporal!.client.workflow.getHandle(again.body.campaign.workflow_id).describe();
    expect(workflow.status.name).toBe('RUNNING');
    // And the key now names it: a third send answers with the same campaign.
    const third = await api.launch(body, { 'Idempotency-Key': 'outage-1' });
    expect([third.status, third.body.campaign.campaign_id]).toEqual([202, again.body.campaign.campaign_id]);
    // No worker runs here: the workflows are ended directly (a cancel would wait for one).
    for (const id of [runningId, again.body.campaign.campaign_id]) await t.deps.temporal!.client.workflow.getHandle(`campaign/${id}`).terminate('test over');
  }, 90_000);

  it('a process that started while Temporal was down becomes ready when it comes back', async () => {
    const other = await createTestApp();
    await proxy.down();
    const stop = keepConnecting(
      { address: `127.0.0.1:${proxy.port}`, namespace: t.deps.config.temporal.namespace, fastFail: true },
      (link) => {
        links.push(link);
        other.deps.temporal = link;
      },
      pino({ level: 'silent' }),
    );
    try {
      const before = await other.request.get('/readyz');
      expect([before.status, before.body.checks.temporal]).toEqual([503, { status: 'error', error: 'this process has no Temporal connection' }]);
      await new Promise((r) => setTimeout(r, 1500)); // at least one attempt fails meanwhile
      await proxy.up();
      const ready = await eventually(
        () => other.request.get('/readyz'),
        (r) => r.status === 200,
        30_000,
        250,
      );
      expect(ready.body).toMatchObject({ status: 'ok', checks: { temporal: { status: 'ok' } } });
    } finally {
      stop();
      other.deps.temporal = undefined;
      await other.close();
    }
  }, 60_000);
});
