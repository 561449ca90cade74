import { Migration } from '@mikro-orm/migrations';

/**
 * What a carrier's status callbacks tell of a call (issue 15): the outcome they
 * decided (answered, no_answer, busy, voicemail, failed), the order of the
 * callback that set `status` (Twilio's SequenceNumber: one arriving late does
 * not move the status back), who answered (answering-machine detection), the
 * call's seconds once completed, and when the last callback came.
 */
export class Migration20261125150000_carrier_call_status extends Migration {
  override name = 'Migration20261125150000_carrier_call_status';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "carrier_call_log" add column "outcome" varchar(20) null, add column "status_sequence" int null, add column "answered_by" varchar(40) null, add column "duration_seconds" int null, add column "status_updated_at" timestamptz null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "carrier_call_log" drop column "outcome", drop column "status_sequence", drop column "answered_by", drop column "duration_seconds", drop column "status_updated_at";`,
    );
  }
}
