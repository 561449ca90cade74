import { Migration } from '@mikro-orm/migrations';

/**
 * Live calls (issue 11): a session is written `in_progress` when a real call
 * is answered, owned by one media process (media_node) that stamps
 * media_heartbeat_at while it holds the call; a call whose process died is
 * finalized from it with end reason media_lost, which gets its counters in
 * the statistics buckets like every end reason.
 */
export class Migration20261124130000_live_calls extends Migration {
  override name = 'Migration20261124130000_live_calls';

  override up(): void | Promise<void> {
    this.addSql(`alter table "call_session" add column "media_node" varchar(80) null, add column "media_heartbeat_at" timestamptz null;`);
    this.addSql(`create index "call_session_in_progress_idx" on "call_session" ("media_node") where "status" = 'in_progress';`);
    this.addSql(
      `alter table "call_stats_bucket" add column "er_media_lost" int not null default 0, add column "er_media_lost_duration_seconds" bigint not null default 0, add column "er_media_lost_cost_micros" bigint not null default 0;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "call_stats_bucket" drop column "er_media_lost", drop column "er_media_lost_duration_seconds", drop column "er_media_lost_cost_micros";`,
    );
    this.addSql(`drop index if exists "call_session_in_progress_idx";`);
    this.addSql(`alter table "call_session" drop column "media_node", drop column "media_heartbeat_at";`);
  }
}
