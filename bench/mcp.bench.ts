/**
 * Issue #3 benchmark: an MCP `tools/call` of get_call against the REST
 * retrieve of the same session, side by side in one process, on the real app
 * behind a loopback HTTP server with real tokens (OAuth for MCP, client
 * credentials for REST).
 *
 *   npm run bench -- mcp
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { loadConfig } from '../src/config.js';
import { initOrm, migrate } from '../src/db/orm.js';
import { entities } from '../src/entities.js';
import { createApp } from '../src/http/app.js';
import { createOrganization } from '../src/modules/org/create-organization.js';
import { createApiClient, issueToken } from '../src/modules/org/api-clients.js';
import { seedSessions } from '../src/modules/calls/seed-sessions.js';
import { LocalFolderStore } from '../src/modules/calls/recording-store.js';
import { createTestUser, signInAndConsent } from '../test/support/oauth-flow.js';
import { ensureDatabase, fmt, load, percentile, sample, table } from './support.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 6);

export async function run() {
  const url = await ensureDatabase(process.env.BENCH_DB_NAME ?? 'voice_platform_bench');
  const orm = await initOrm({ entities, url, poolMax: 16, logger: () => {} });
  await migrate(orm);
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    PUBLIC_URL: origin,
    RECORDINGS_DIR: '.data/bench-recordings',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_SECOND: '1000000',
    RATE_LIMIT_BURST: '1000000',
    TOKEN_RATE_LIMIT_PER_MINUTE: '100000',
  });
  const app = createApp({ config, orm, logger: pino({ level: 'silent' }), recordings: new LocalFolderStore(config.recordings.dir) });
  server.on('request', app.callback());

  const em = orm.em.fork();
  const { organization, project } = await createOrganization(em, { name: 'MCP bench', slug: `mcp-bench-${Date.now()}` });
  await seedSessions(orm.em.fork(), new LocalFolderStore(config.recordings.dir), {
    organizationId: organization.id,
    projectId: project.id,
    priceList: organization.priceList,
    sessions: 500,
    seed: 3,
    days: 7,
  });
  const [{ id: sessionId }] = await em
    .getConnection()
    .execute<{ id: string }[]>('select id from call_session where organization_id = ? order by started_at desc limit 1', [organization.id]);
  const client = await createApiClient(em, { organizationId: organization.id, name: 'bench' });
  const rest = await issueToken(em, config.auth, { client_id: client.clientId, client_secret: client.clientSecret });
  const restHeaders = { authorization: `Bearer ${rest.access_token}`, 'x-organization-id': organization.id };
  const user = await createTestUser(orm.em.fork(), organization.id, 'admin');
  const mcp = await signInAndConsent(origin, { ...user, organizationId: organization.id, projectId: project.id });
  const mcpHeaders = { authorization: `Bearer ${mcp.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const mcpBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_call', arguments: { session_id: sessionId } } });

  const viaRest = async () => {
    const res = await fetch(`${origin}/v1/call_session/retrieve/${sessionId}`, { headers: restHeaders });
    const body = (await res.json()) as { session: { session_id: string } };
    if (body.session.session_id !== sessionId) throw new Error('REST answered another session');
  };
  const viaMcp = async () => {
    const res = await fetch(`${origin}/platform/mcp`, { method: 'POST', headers: mcpHeaders, body: mcpBody });
    const body = (await res.json()) as { result: { isError?: boolean; structuredContent: { session: { session_id: string } } } };
    if (body.result.isError || body.result.structuredContent.session.session_id !== sessionId) throw new Error('MCP call failed');
  };
  for (let i = 0; i < 50; i++) await Promise.all([viaRest(), viaMcp()]); // warm both paths
  // Interleaved, so both see the same machine state.
  const restLat: number[] = [];
  const mcpLat: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    restLat.push(...(await sample(1, viaRest)));
    mcpLat.push(...(await sample(1, viaMcp)));
  }
  restLat.sort((x, y) => x - y);
  mcpLat.sort((x, y) => x - y);
  const restLoad = await load(origin, () => ({ path: `/v1/call_session/retrieve/${sessionId}`, headers: restHeaders }), {
    connections: 16,
    seconds: LOAD_SECONDS,
  });
  const mcpLoad = await load(origin, () => ({ path: '/platform/mcp', method: 'POST', headers: mcpHeaders, body: mcpBody }), {
    connections: 16,
    seconds: LOAD_SECONDS,
  });

  const p = (xs: number[], q: number) => fmt(percentile(xs, q), 2);
  console.log(`\nMCP get_call vs REST retrieve of the same session (${REQUESTS} sequential requests each, interleaved; ms)\n`);
  console.log(
    table([
      ['surface', 'p50', 'p95', 'p99', `req/s (16 conn, ${LOAD_SECONDS} s)`],
      ['REST GET /v1/call_session/retrieve/{id}', p(restLat, 50), p(restLat, 95), p(restLat, 99), fmt(restLoad.rps, 0)],
      ['MCP tools/call get_call', p(mcpLat, 50), p(mcpLat, 95), p(mcpLat, 99), fmt(mcpLoad.rps, 0)],
      [
        'ratio MCP / REST',
        fmt(percentile(mcpLat, 50) / percentile(restLat, 50), 2),
        fmt(percentile(mcpLat, 95) / percentile(restLat, 95), 2),
        fmt(percentile(mcpLat, 99) / percentile(restLat, 99), 2),
        fmt(restLoad.rps / mcpLoad.rps, 2),
      ],
      ['target', '<= 2', '', '', ''],
    ]),
  );
  server.closeAllConnections();
  server.close();
  await orm.close(true);
}
