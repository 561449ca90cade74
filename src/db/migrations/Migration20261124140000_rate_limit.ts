import { Migration } from '@mikro-orm/migrations';

/**
 * Shared limits (issue 12): the request, token and registration limits and
 * the sign-in throttle count in one table, so every API process counts
 * against one budget (src/edge/limits.ts, docs/decisions/0029). The layout is
 * rate-limiter-flexible's PostgreSQL store: a key (limiter name, limit and
 * the client, address or email), the points spent in the current window and
 * when it ends (ms since the epoch). Rows past their window are deleted by the
 * library every five minutes.
 */
export class Migration20261124140000_rate_limit extends Migration {
  override name = 'Migration20261124140000_rate_limit';

  override up(): void | Promise<void> {
    this.addSql(`create table "rate_limit" ("key" varchar(255) primary key, "points" integer not null default 0, "expire" bigint null);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "rate_limit";`);
  }
}
