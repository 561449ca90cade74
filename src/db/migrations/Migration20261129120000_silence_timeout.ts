import { Migration } from '@mikro-orm/migrations';

/**
 * The end reason `silence_timeout` (issue 31: the caller said nothing; the
 * agent checked on them as often as its repair settings allow, then said
 * goodbye) gets its counters in the statistics buckets like every end reason.
 */
export class Migration20261129120000_silence_timeout extends Migration {
  override name = 'Migration20261129120000_silence_timeout';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "call_stats_bucket" add column "er_silence_timeout" int not null default 0, add column "er_silence_timeout_duration_seconds" bigint not null default 0, add column "er_silence_timeout_cost_micros" bigint not null default 0;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "call_stats_bucket" drop column "er_silence_timeout", drop column "er_silence_timeout_duration_seconds", drop column "er_silence_timeout_cost_micros";`,
    );
  }
}
