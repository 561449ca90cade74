/**
 * Issue #6 benchmark, MCP tool sync: the time to sync a server with 500
 * tools (5 pages of 100 over Streamable HTTP on loopback) through the
 * mcpToolSync workflow, beside the same sync function called directly
 * (same HTTP, same transaction, no Temporal) and beside the HTTP work alone
 * (connect, list every page, close). First syncs insert 500 rows; re-syncs
 * find nothing new (the steady state a schedule sees). The workflow path is
 * the on-demand one (startMcpSync): it includes the check that the server's
 * schedule exists (one RPC).
 *
 *   npm run bench -- mcp-sync      (TEMPORAL_ADDRESS: use a running server; else a dev server is started)
 *   BENCH_ROUNDS=10
 */
import pino from 'pino';
import { Client, Connection } from '@temporalio/client';
import { loadConfig } from '../src/config.js';
import { initOrm, migrate, type Orm } from '../src/db/orm.js';
import { entities } from '../src/entities.js';
import { createOrganization } from '../src/modules/org/create-organization.js';
import { systemPrincipal } from '../src/modules/org/permissions.js';
import { closeEngineDispatchers, engineSettingsFrom } from '../src/modules/engine/engine-settings.js';
import { createMcpServer } from '../src/modules/mcp-servers/create-mcp-server.js';
import { startMcpSync } from '../src/modules/mcp-servers/start-mcp-sync.js';
import { listAllTools, syncMcpTools } from '../src/modules/mcp-servers/sync-mcp-tools.js';
import { McpServer } from '../src/modules/mcp-servers/mcp-servers.entity.js';
import type { TemporalAccess } from '../src/modules/temporal-access.js';
import { createWorker } from '../src/roles/worker.js';
import { startToolServer } from '../test/support/mcp-upstream.js';
import { ensureDatabase, fmt, percentile, table, timeIt, temporalServer } from './support.js';

const TOOLS = 500;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);

// Kept local like release.bench.ts and webhooks.bench.ts do (a shared bench helper is the next step when a fourth needs it).

const median = (values: number[]) =>
  percentile(
    [...values].sort((x, y) => x - y),
    50,
  );

export async function run() {
  const url = await ensureDatabase(process.env.BENCH_DB_NAME ?? 'voice_platform_bench');
  const orm: Orm = await initOrm({ entities, url, poolMax: 10, logger: () => {} });
  await migrate(orm);
  const server = await temporalServer();
  const taskQueue = `bench-mcp-sync-${Date.now()}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    TEMPORAL_ADDRESS: server.address,
    TEMPORAL_TASK_QUEUE: taskQueue,
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
  });
  const settings = engineSettingsFrom(config);
  const { organization } = await createOrganization(orm.em.fork(), { name: 'MCP sync bench', slug: `mcp-sync-bench-${Date.now()}` });
  const principal = systemPrincipal(organization.id);

  const upstream = await startToolServer({ header: 'Authorization', value: 'Bearer bench', pageSize: 100 });
  upstream.tools = Array.from({ length: TOOLS }, (_, i) => `tool_${String(i).padStart(3, '0')}`);
  const newServer = async () =>
    (
      await createMcpServer(
        orm.em.fork(),
        principal,
        createMcpServer.input.parse({
          name: 'Bench',
          address: upstream.url,
          headers: { Authorization: 'Bearer bench' },
        }),
        settings,
      )
    ).id;

  const { worker, connection: workerConnection } = await createWorker(config, orm, pino({ level: 'warn' }));
  const running = worker.run();
  const connection = await Connection.connect({ address: server.address });
  const temporal: TemporalAccess = { client: new Client({ connection, namespace: config.temporal.namespace }), taskQueue };

  const viaWorkflow = async (id: string) => {
    const { result } = await startMcpSync(orm.em.fork(), principal, id, startMcpSync.input.parse({ wait: true }), temporal);
    if (!result?.ok || result.tool_count !== TOOLS) throw new Error(`sync failed: ${JSON.stringify(result)}`);
  };
  const direct = async (id: string) => {
    const result = await syncMcpTools(orm.em.fork(), id, settings);
    if (!result.ok || result.tool_count !== TOOLS) throw new Error(`sync failed: ${JSON.stringify(result)}`);
  };
  const httpOnly = async (id: string) => {
    const em = orm.em.fork();
    const tools = await listAllTools(em, await em.findOneOrFail(McpServer, { id }), settings);
    if (tools.length !== TOOLS) throw new Error(`listed ${tools.length}`);
  };

  // Warm up every path (workflow bundle, pools, connections) on servers of their own.
  await viaWorkflow(await newServer());
  await direct(await newServer());

  const figures: Record<string, { first: number[]; again: number[] }> = {
    workflow: { first: [], again: [] },
    direct: { first: [], again: [] },
    http: { first: [], again: [] },
  };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, fn] of [
      ['workflow', viaWorkflow],
      ['direct', direct],
      ['http', httpOnly],
    ] as const) {
      const id = await newServer();
      figures[name].first.push((await timeIt(() => fn(id))).ms);
      figures[name].again.push((await timeIt(() => fn(id))).ms);
    }
  }
  const w = figures.workflow;
  const d = figures.direct;
  const h = figures.http;
  console.log(`\nMCP tool sync benchmark: ${TOOLS} tools in ${TOOLS / 100} pages, loopback server, ${ROUNDS} rounds (medians, ms)\n`);
  console.log(
    table([
      ['path', 'first sync (500 inserts)', 're-sync (no changes)'],
      ['mcpToolSync workflow (start, activity, result)', fmt(median(w.first)), fmt(median(w.again))],
      ['plain call of the same sync function, no Temporal', fmt(median(d.first)), fmt(median(d.again))],
      ['HTTP only: connect, list 5 pages, close', fmt(median(h.first)), fmt(median(h.again))],
      ['ratio workflow / plain', `${fmt(median(w.first) / median(d.first), 2)}x`, `${fmt(median(w.again) / median(d.again), 2)}x`],
      ['ratio workflow / HTTP only', `${fmt(median(w.first) / median(h.first), 2)}x`, `${fmt(median(w.again) / median(h.again), 2)}x`],
    ]),
  );

  worker.shutdown();
  await running;
  await workerConnection.close();
  await connection.close();
  await upstream.close();
  await closeEngineDispatchers();
  server.stop();
  await orm.close(true);
}
