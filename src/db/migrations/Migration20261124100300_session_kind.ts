import { Migration } from '@mikro-orm/migrations';

/**
 * call_session.kind (live, test or simulation) and call_stats_bucket keyed by
 * it, so analytics and billing count live calls only by default and can still
 * answer a kind filter from the buckets (docs/decisions/0022).
 *
 * Existing sessions are live unless they can be told apart:
 * - test: the session of a test run (test_run.session_id), or a caller at
 *   the reserved `.invalid` domain the test runs use (`sip:<run>@tests.invalid`),
 *   which also finds runs whose test_run row is gone;
 * - simulation: outbound calls placed through the simulated carrier (no
 *   connection, or a connection of provider `simulated`), and every other
 *   session the conversation engine wrote (it sets agent_version_id; the seed
 *   never does): until now its only other callers were simulate_call and
 *   simulate_inbound, since no real call reaches the engine yet.
 * Outbound calls through a Twilio or Telnyx connection stay live.
 *
 * The buckets are rebuilt from the sessions, as Migration20261122144549 did:
 * recounting is simpler to trust than moving the reclassified sessions'
 * sums between rows, and the table is created anew for its column order (the
 * fixed-width measures first; `kind` right after organization_id, so the
 * filter every analytics query now has reads one short varchar more, not all
 * of them). The end reasons are written out so this migration keeps doing
 * what it did when END_REASONS changes later.
 */
const END_REASONS = [
  'agent_hangup',
  'customer_hangup',
  'transferred',
  'no_answer',
  'busy',
  'voicemail',
  'dnc_blocked',
  'outside_window',
  'failed',
  'timeout',
  'error',
  'cancelled',
];

/** Every counted session with its transfer and tool-call counts, as one set. */
const SESSION_FACTS = (withKind: boolean) => `(
  select s.organization_id, s.started_at, s.project_id, coalesce(s.agent_id, '') as agent_id, s.agent_name,
         s.status, coalesce(s.end_reason, '') as end_reason, s.direction, coalesce(s.phone_number, '') as phone_number,
         ${withKind ? 's.kind, ' : ''}s.duration_seconds, s.total_cost_micros, (x.session_id is not null) as was_transferred,
         coalesce(t.n, 0) as tool_calls, coalesce(t.failures, 0) as tool_call_failures
    from call_session s
    left join (select distinct session_id from call_leg where kind = 'transfer') x on x.session_id = s.id
    left join (select session_id, count(*) as n, count(*) filter (where status <> 'succeeded') as failures
                 from tool_call group by session_id) t on t.session_id = s.id
   where s.stats_counted_at is not null
)`;
const BUCKET_START = 'to_timestamp(floor(extract(epoch from started_at) / 900) * 900)';
const FOREIGN_KEY = `alter table "call_stats_bucket" add constraint "call_stats_bucket_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`;
const COUNTERS = ['failed', 'transferred', 'tool_calls', 'tool_call_failures', ...END_REASONS.map((r) => `er_${r}`)];
const TOTALS = ['failed', ...END_REASONS.map((r) => `er_${r}`)].flatMap((c) => [`${c}_duration_seconds`, `${c}_cost_micros`]);
const CONDITIONS: [string, string][] = [['failed', `status = 'failed'`], ...END_REASONS.map((r): [string, string] => [`er_${r}`, `end_reason = '${r}'`])];

function createBuckets(withKind: boolean): string[] {
  const kind = withKind ? ', "kind" varchar(12) not null' : '';
  const dimensions = ['organization_id', ...(withKind ? ['kind'] : []), 'project_id', 'agent_id', 'direction', 'phone_number'];
  return [
    `drop table "call_stats_bucket";`,
    `create table "call_stats_bucket" ("id" bigserial primary key, "bucket_start" timestamptz not null, "sessions" int not null default 0, ${COUNTERS.map(
      (c) => `"${c}" int not null default 0`,
    ).join(', ')}, "duration_seconds" bigint not null default '0', "cost_micros" bigint not null default '0', ${TOTALS.map(
      (c) => `"${c}" bigint not null default '0'`,
    ).join(
      ', ',
    )}, "organization_id" varchar(40) not null${kind}, "project_id" varchar(40) not null, "agent_id" varchar(40) not null, "direction" varchar(20) not null, "phone_number" varchar(64) not null, "agent_name" varchar(200) not null);`,
    `alter table "call_stats_bucket" add constraint "call_stats_bucket_key" unique ("organization_id", "bucket_start", "project_id", "agent_id", "direction", "phone_number"${withKind ? ', "kind"' : ''});`,
    FOREIGN_KEY,
    `insert into "call_stats_bucket" (bucket_start, agent_name, ${dimensions.join(', ')},
        sessions, duration_seconds, cost_micros, transferred, tool_calls, tool_call_failures,
        ${CONDITIONS.map(([c]) => `${c}, ${c}_duration_seconds, ${c}_cost_micros`).join(', ')})
      select ${BUCKET_START}, (array_agg(agent_name order by started_at desc))[1], ${dimensions.join(', ')},
             count(*), sum(duration_seconds), sum(total_cost_micros), count(*) filter (where was_transferred), sum(tool_calls), sum(tool_call_failures),
             ${CONDITIONS.map(([, where]) => `count(*) filter (where ${where}), coalesce(sum(duration_seconds) filter (where ${where}), 0), coalesce(sum(total_cost_micros) filter (where ${where}), 0)`).join(',\n             ')}
        from ${SESSION_FACTS(withKind)} f
       group by 1, ${dimensions.join(', ')}
       order by 1, organization_id;`,
    // Fresh statistics, so the first analytics queries after the rebuild get good plans.
    `analyze "call_stats_bucket";`,
  ];
}

export class Migration20261124100300_session_kind extends Migration {
  override name = 'Migration20261124100300_session_kind';

  override up(): void | Promise<void> {
    // A constant default: PostgreSQL 11+ adds the column without rewriting the table.
    this.addSql(`alter table "call_session" add column "kind" varchar(12) not null default 'live';`);
    this.addSql(`update "call_session" set "kind" = 'test'
      where "id" in (select "session_id" from "test_run" where "session_id" is not null)
         or "caller_address" like '%@tests.invalid';`);
    this.addSql(`update "call_session" set "kind" = 'simulation'
      where "kind" = 'live' and "id" in (
        select o."session_id" from "outbound_call" o left join "telephony_connection" c on c."id" = o."connection_id"
         where o."connection_id" is null or c."provider" = 'simulated');`);
    this.addSql(`update "call_session" set "kind" = 'simulation'
      where "kind" = 'live' and "agent_version_id" is not null
        and not exists (select 1 from "outbound_call" o where o."session_id" = "call_session"."id");`);
    this.addSql(`create index "call_session_org_not_live_idx" on "call_session" ("organization_id", "started_at", "id") where "kind" <> 'live';`);
    for (const statement of createBuckets(true)) this.addSql(statement);
  }

  override down(): void | Promise<void> {
    for (const statement of createBuckets(false)) this.addSql(statement);
    this.addSql(`drop index "call_session_org_not_live_idx";`);
    this.addSql(`alter table "call_session" drop column "kind";`);
  }
}
