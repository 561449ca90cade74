import { Migration } from '@mikro-orm/migrations';

/**
 * Crash-proof media input and one-time grants (issue 29, decision 0055):
 * - `web_call_grant`: the nonce of each browser-call grant whose stream was
 *   opened, claimed in one insert when the stream opens, so a grant is used
 *   once across every media process; a row is kept until shortly after its
 *   grant expired (an expired grant is refused by its own signature anyway)
 *   and deleted by the next claim after that.
 * - the end reason `media_refused` (a carrier's stream of a known call that the
 *   media process refused) gets its counters in the statistics buckets like
 *   every end reason.
 */
export class Migration20261128110000_stream_grants extends Migration {
  override name = 'Migration20261128110000_stream_grants';

  override up(): void | Promise<void> {
    this.addSql(`create table "web_call_grant" ("nonce" varchar(40) primary key, "expires_at" timestamptz not null);`);
    this.addSql(`create index "web_call_grant_expires_at_idx" on "web_call_grant" ("expires_at");`);
    this.addSql(
      `alter table "call_stats_bucket" add column "er_media_refused" int not null default 0, add column "er_media_refused_duration_seconds" bigint not null default 0, add column "er_media_refused_cost_micros" bigint not null default 0;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "call_stats_bucket" drop column "er_media_refused", drop column "er_media_refused_duration_seconds", drop column "er_media_refused_cost_micros";`,
    );
    this.addSql(`drop table if exists "web_call_grant";`);
  }
}
