import { Migration } from '@mikro-orm/migrations';

/**
 * A carrier connection's calls-per-second limit (issue 15), and the next
 * instant a dial through it may be placed: every process placing calls
 * reserves its slot by moving it forward in one statement.
 */
export class Migration20261125170000_connection_call_rate extends Migration {
  override name = 'Migration20261125170000_connection_call_rate';

  override up(): void | Promise<void> {
    this.addSql(`alter table "telephony_connection" add column "calls_per_second" numeric(6,2) null, add column "next_dial_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "telephony_connection" drop column "calls_per_second", drop column "next_dial_at";`);
  }
}
