import { Migration } from '@mikro-orm/migrations';

/**
 * call_stats_bucket holds each session three times: in its 15-minute bucket,
 * its hour and its UTC day, told apart by `grain` (seconds), a key column
 * (docs/decisions/0048). Analytics read the coarsest rows that fit inside the
 * periods a query splits time into, so a year of billing or 30 days of
 * overview reads days, not 35,000 quarter-hours per combination.
 *
 * The table is created anew, for its column order (fixed-width columns first,
 * `grain` beside `bucket_start`; er_media_lost's columns, added later at the
 * end, move among the other measures), and filled from the old one: its
 * 15-minute rows as they are, and summed per hour and per UTC day. The
 * measures are written out so this migration keeps doing what it did when
 * END_REASONS changes later.
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
  'media_lost',
];
const COUNTERS = ['failed', 'transferred', 'tool_calls', 'tool_call_failures', ...END_REASONS.map((r) => `er_${r}`)];
const TOTALS = ['failed', ...END_REASONS.map((r) => `er_${r}`)].flatMap((c) => [`${c}_duration_seconds`, `${c}_cost_micros`]);
const MEASURES = ['sessions', ...COUNTERS, 'duration_seconds', 'cost_micros', ...TOTALS];
const DIMENSIONS = ['organization_id', 'kind', 'project_id', 'agent_id', 'direction', 'phone_number'];
const KEY = `"call_stats_bucket_key" unique ("organization_id", "grain", "bucket_start", "project_id", "agent_id", "direction", "phone_number", "kind")`;
const OLD_KEY = `"call_stats_bucket_key" unique ("organization_id", "bucket_start", "project_id", "agent_id", "direction", "phone_number", "kind")`;
const FOREIGN_KEY = `"call_stats_bucket_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade`;

function create(withGrain: boolean): string {
  return `create table "call_stats_bucket" ("id" bigserial primary key, "bucket_start" timestamptz not null, ${withGrain ? '"grain" int not null, ' : ''}"sessions" int not null default 0, ${COUNTERS.map(
    (c) => `"${c}" int not null default 0`,
  ).join(', ')}, "duration_seconds" bigint not null default '0', "cost_micros" bigint not null default '0', ${TOTALS.map(
    (c) => `"${c}" bigint not null default '0'`,
  ).join(
    ', ',
  )}, "organization_id" varchar(40) not null, "kind" varchar(12) not null, "project_id" varchar(40) not null, "agent_id" varchar(40) not null, "direction" varchar(20) not null, "phone_number" varchar(64) not null, "agent_name" varchar(200) not null);`;
}

/** The old table out of the way: renamed, with the names its constraints, key index and sequence hold freed. */
const SET_ASIDE = [
  `alter table "call_stats_bucket" rename to "call_stats_bucket_old";`,
  `alter table "call_stats_bucket_old" drop constraint "call_stats_bucket_key";`,
  `alter table "call_stats_bucket_old" drop constraint "call_stats_bucket_organization_id_foreign";`,
  `alter index "call_stats_bucket_pkey" rename to "call_stats_bucket_old_pkey";`,
  `alter sequence "call_stats_bucket_id_seq" rename to "call_stats_bucket_old_id_seq";`,
];

export class Migration20261125140000_stats_grains extends Migration {
  override name = 'Migration20261125140000_stats_grains';

  override up(): void | Promise<void> {
    for (const statement of SET_ASIDE) this.addSql(statement);
    this.addSql(create(true));
    this.addSql(`alter table "call_stats_bucket" add constraint ${KEY};`);
    this.addSql(`alter table "call_stats_bucket" add constraint ${FOREIGN_KEY};`);
    // The agent name of a coarser row: the one on its latest quarter-hour row (ties: the greatest name).
    this.addSql(`insert into "call_stats_bucket" (grain, bucket_start, agent_name, ${DIMENSIONS.join(', ')}, ${MEASURES.join(', ')})
      select g.grain, to_timestamp(floor(extract(epoch from o.bucket_start) / g.grain) * g.grain),
             (array_agg(o.agent_name order by o.bucket_start desc, o.agent_name desc))[1], ${DIMENSIONS.map((d) => `o.${d}`).join(', ')},
             ${MEASURES.map((m) => `sum(o.${m})`).join(', ')}
        from "call_stats_bucket_old" o cross join (values (900), (3600), (86400)) as g(grain)
       group by g.grain, 2, ${DIMENSIONS.map((d) => `o.${d}`).join(', ')}
       order by 1, 2;`);
    this.addSql(`drop table "call_stats_bucket_old";`);
    this.addSql(`analyze "call_stats_bucket";`);
  }

  override down(): void | Promise<void> {
    for (const statement of SET_ASIDE) this.addSql(statement);
    this.addSql(create(false));
    this.addSql(`alter table "call_stats_bucket" add constraint ${OLD_KEY};`);
    this.addSql(`alter table "call_stats_bucket" add constraint ${FOREIGN_KEY};`);
    this.addSql(`insert into "call_stats_bucket" (bucket_start, agent_name, ${DIMENSIONS.join(', ')}, ${MEASURES.join(', ')})
      select bucket_start, agent_name, ${DIMENSIONS.join(', ')}, ${MEASURES.join(', ')}
        from "call_stats_bucket_old" where grain = 900 order by bucket_start;`);
    this.addSql(`drop table "call_stats_bucket_old";`);
    this.addSql(`analyze "call_stats_bucket";`);
  }
}
