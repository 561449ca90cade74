import { Migration } from '@mikro-orm/migrations';

/**
 * SIP admission (issue 29, decision 0053): a destination with no inbound trunk takes SIP from anyone only when its
 * operator opts in. Off for every existing destination: what was open by accident is closed.
 */
export class Migration20261128100000_destination_sip_admission extends Migration {
  override name = 'Migration20261128100000_destination_sip_admission';

  override up(): void | Promise<void> {
    this.addSql(`alter table "destination" add column "allow_unauthenticated_sip" boolean not null default false;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "destination" drop column "allow_unauthenticated_sip";`);
  }
}
