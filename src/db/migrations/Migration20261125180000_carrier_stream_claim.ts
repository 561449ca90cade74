import { Migration } from '@mikro-orm/migrations';

/**
 * When a call's media stream was taken (issue 15): the first stream of a call
 * claims its carrier log row in one statement, so a second one, even racing
 * the first, is refused. Inbound rows claimed by their `outcome` before this
 * column keep that claim.
 */
export class Migration20261125180000_carrier_stream_claim extends Migration {
  override name = 'Migration20261125180000_carrier_stream_claim';

  override up(): void | Promise<void> {
    this.addSql(`alter table "carrier_call_log" add column "stream_claimed_at" timestamptz null;`);
    this.addSql(`update "carrier_call_log" set "stream_claimed_at" = "created_at" where "idempotency_key" like 'inbound/%' and "outcome" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "carrier_call_log" drop column "stream_claimed_at";`);
  }
}
