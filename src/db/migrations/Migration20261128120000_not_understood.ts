import { Migration } from '@mikro-orm/migrations';

/**
 * The end reason `not_understood` (issue 31: the agent asked the caller again
 * as often as its repair settings allow, then ended the call) gets its
 * counters in the statistics buckets like every end reason.
 */
export class Migration20261128120000_not_understood extends Migration {
  override name = 'Migration20261128120000_not_understood';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "call_stats_bucket" add column "er_not_understood" int not null default 0, add column "er_not_understood_duration_seconds" bigint not null default 0, add column "er_not_understood_cost_micros" bigint not null default 0;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "call_stats_bucket" drop column "er_not_understood", drop column "er_not_understood_duration_seconds", drop column "er_not_understood_cost_micros";`,
    );
  }
}
