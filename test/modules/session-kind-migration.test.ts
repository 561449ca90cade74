import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import pg from 'pg';
import { initOrm, sql, type Orm } from '../../src/db/orm.js';
import { entities } from '../../src/entities.js';
import { migrationsList } from '../../src/db/migrations/index.js';
import { Migration20261124100300_session_kind } from '../../src/db/migrations/Migration20261124100300_session_kind.js';
import { Migration20261125140000_stats_grains } from '../../src/db/migrations/Migration20261125140000_stats_grains.js';
import { getOverview } from '../../src/modules/analytics/get-overview.js';
import { TEST_DB_ADMIN_URL, TEST_DB_NAME } from '../support/env.js';

/**
 * Migration20261124100300_session_kind on rows written before it: a scratch
 * database migrated up to the migration before it, filled with sessions of
 * every origin as the code then wrote them, then migrated to the end. Each
 * session gets its kind, and the rebuilt buckets count by kind.
 * Costs are powers of two, so every sum names the sessions in it.
 */
const MIGRATION = 'Migration20261124100300_session_kind';
const DB = `${TEST_DB_NAME}_kind_migration`;
const ORG = 'org_01KINDMIGRATION00000000000';
const PROJECT = 'prj_01KINDMIGRATION00000000000';

let orm: Orm;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: TEST_DB_ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

interface Legacy {
  id: string;
  cost: number;
  versionId: string | null;
  caller: string;
  direction: 'inbound' | 'outbound' | 'web';
}
const LEGACY: Record<string, Legacy & { expected: string }> = {
  seeded: { id: 'sess_seeded', cost: 1, versionId: null, caller: '+14155550123', direction: 'inbound', expected: 'live' },
  testRun: { id: 'sess_test_run', cost: 2, versionId: 'ver_1', caller: 'sip:trn_1@tests.invalid', direction: 'web', expected: 'test' },
  testRunGone: { id: 'sess_test_gone', cost: 4, versionId: 'ver_1', caller: 'sip:trn_2@tests.invalid', direction: 'web', expected: 'test' },
  simulated: { id: 'sess_simulated', cost: 8, versionId: 'ver_1', caller: '+14155550999', direction: 'inbound', expected: 'simulation' },
  outboundSimulatedCarrier: { id: 'sess_out_sim', cost: 16, versionId: 'ver_1', caller: '+12125550100', direction: 'outbound', expected: 'simulation' },
  outboundSimulatedConnection: { id: 'sess_out_simconn', cost: 32, versionId: 'ver_1', caller: '+12125550101', direction: 'outbound', expected: 'simulation' },
  outboundTwilio: { id: 'sess_out_twilio', cost: 64, versionId: 'ver_1', caller: '+12125550102', direction: 'outbound', expected: 'live' },
  outboundTwilioUnanswered: { id: 'sess_out_twilio_na', cost: 0, versionId: 'ver_1', caller: '+12125550103', direction: 'outbound', expected: 'live' },
};

beforeAll(async () => {
  await admin(`drop database if exists ${DB} with (force)`);
  await admin(`create database ${DB}`);
  const url = new URL(TEST_DB_ADMIN_URL);
  url.pathname = `/${DB}`;
  orm = await initOrm({ entities, url: url.toString(), logger: () => {} });
  const before = migrationsList[migrationsList.findIndex((m) => m.name === MIGRATION) - 1].name;
  await orm.migrator.up({ to: before });

  // The rows as the code wrote them before the migration. Foreign keys other
  // than the organization's (which the rebuilt buckets check) are not the
  // point here, so their checks are off for this transaction.
  await orm.em.fork().transactional(async (tx) => {
    await sql(
      tx,
      `insert into organization (id, name, slug, price_list, created_at, updated_at) values (?, 'Kinds', 'kinds', '{"currency":"USD"}', now(), now())`,
      [ORG],
    );
    await sql(tx, `insert into project (id, organization_id, name, created_at) values (?, ?, 'Default', now())`, [PROJECT, ORG]);
    await sql(tx, 'set local session_replication_role = replica');
    for (const s of Object.values(LEGACY)) {
      await sql(
        tx,
        `insert into call_session (id, organization_id, project_id, agent_id, agent_name, agent_version_id, status, end_reason, direction,
           caller_address, started_at, ended_at, duration_seconds, total_cost_micros, variables, summaries, stats_counted_at, created_at, updated_at)
         values (?, ?, ?, 'agt_1', 'Desk', ?, 'ended', 'agent_hangup', ?, ?, '2026-04-01T10:00:00Z', '2026-04-01T10:01:00Z', 60, ?, '[]', '[]', now(), now(), now())`,
        [s.id, ORG, PROJECT, s.versionId, s.direction, s.caller, s.cost],
      );
    }
    await sql(
      tx,
      `insert into test_run (id, organization_id, project_id, agent_id, test_id, evaluation_id, test_name, version_id, status, check_outcomes, transcript, session_id, created_at)
       values ('trn_1', ?, ?, 'agt_1', 'tst_1', 'evl_1', 'books', 'ver_1', 'passed', '[]', '[]', ?, now())`,
      [ORG, PROJECT, LEGACY.testRun.id],
    );
    await sql(
      tx,
      `insert into telephony_connection (id, organization_id, name, provider, created_at)
       values ('tcn_sim', ?, 'sim', 'simulated', now()), ('tcn_twilio', ?, 'twilio', 'twilio', now())`,
      [ORG, ORG],
    );
    const outbound: [Legacy, string | null][] = [
      [LEGACY.outboundSimulatedCarrier, null],
      [LEGACY.outboundSimulatedConnection, 'tcn_sim'],
      [LEGACY.outboundTwilio, 'tcn_twilio'],
      [LEGACY.outboundTwilioUnanswered, 'tcn_twilio'],
    ];
    for (const [s, connection] of outbound) {
      await sql(
        tx,
        `insert into outbound_call (id, organization_id, project_id, agent_id, version_id, session_id, dial_key, from_number, to_number,
           connection_id, variables, customer_script, status, created_by, created_at, updated_at)
         values (?, ?, ?, 'agt_1', 'ver_1', ?, ?, '+14155550100', ?, ?, '{}', '[]', 'completed', '{"type":"system","id":null,"name":"test"}', now(), now())`,
        [`ocl_${s.id}`, ORG, PROJECT, s.id, `call/${s.id}`, s.caller, connection],
      );
    }
  });
  await orm.migrator.up();
}, 120_000);

afterAll(async () => {
  await orm?.close(true);
  await admin(`drop database if exists ${DB} with (force)`);
});

describe(MIGRATION, () => {
  it('gives existing sessions their kind: live unless they can be told to be a test run or a simulation', async () => {
    const rows = await sql<{ id: string; kind: string }>(orm.em.fork(), 'select id, kind from call_session order by id');
    const kinds = Object.fromEntries(rows.map((r) => [r.id, r.kind]));
    expect(kinds).toEqual(Object.fromEntries(Object.values(LEGACY).map((s) => [s.id, s.expected])));
  });

  it('rebuilds the buckets by kind, so analytics count live sessions by default', async () => {
    // Migration20261125140000_stats_grains, which comes later, then holds them in buckets of every grain.
    const buckets = await sql<{ grain: number; kind: string; sessions: number; cost: number }>(
      orm.em.fork(),
      'select grain, kind, sum(sessions)::int as sessions, sum(cost_micros)::int as cost from call_stats_bucket group by grain, kind order by grain, kind',
    );
    expect(buckets).toEqual(
      [900, 3600, 86_400].flatMap((grain) => [
        { grain, kind: 'live', sessions: 3, cost: 1 + 64 },
        { grain, kind: 'simulation', sessions: 3, cost: 8 + 16 + 32 },
        { grain, kind: 'test', sessions: 2, cost: 2 + 4 },
      ]),
    );
    const day = { from_time: new Date('2026-04-01T00:00:00Z'), to_time: new Date('2026-04-01T23:59:59Z') };
    const overview = (kind?: ('live' | 'test' | 'simulation')[]) => getOverview(orm.em.fork(), ORG, { ...day, kind });
    expect(await overview()).toMatchObject({ sessions: 3, cost_micros: 65 });
    expect(await overview(['test'])).toMatchObject({ sessions: 2, cost_micros: 6 });
    expect(await overview(['live', 'test', 'simulation'])).toMatchObject({ sessions: 8, cost_micros: 127 });
  });

  /** Runs a migration's down() and answers the bucket totals left. */
  async function down(migration: Migration20261124100300_session_kind | Migration20261125140000_stats_grains) {
    await migration.down();
    await orm.em.fork().transactional(async (tx) => {
      for (const statement of migration.getQueries()) await sql(tx, statement as string);
    });
    const [bucket] = await sql<{ sessions: number; cost: number }>(
      orm.em.fork(),
      'select sum(sessions)::int as sessions, sum(cost_micros)::int as cost from call_stats_bucket',
    );
    return bucket;
  }

  it('the later stats_grains migration goes down to quarter-hour buckets only', async () => {
    expect(await down(new Migration20261125140000_stats_grains(orm.em.getDriver(), orm.config))).toEqual({ sessions: 8, cost: 127 });
    const grain = await sql(orm.em.fork(), "select 1 from information_schema.columns where table_name = 'call_stats_bucket' and column_name = 'grain'");
    expect(grain).toEqual([]);
  });

  it('goes down to buckets of every session, without kinds', async () => {
    expect(await down(new Migration20261124100300_session_kind(orm.em.getDriver(), orm.config))).toEqual({ sessions: 8, cost: 127 });
    const columns = await sql<{ column_name: string }>(
      orm.em.fork(),
      "select column_name from information_schema.columns where table_name in ('call_session', 'call_stats_bucket') and column_name = 'kind'",
    );
    expect(columns).toEqual([]);
  });
});
