import { Migration } from '@mikro-orm/migrations';

/**
 * A campaign's calls by recipient (issue 16): the recipients list shows each
 * recipient's attempts, read by campaign and contact for a page at a time.
 */
export class Migration20261125190000_outbound_call_campaign_index extends Migration {
  override name = 'Migration20261125190000_outbound_call_campaign_index';

  override up(): void | Promise<void> {
    this.addSql(`create index "outbound_call_campaign_contact_idx" on "outbound_call" ("campaign_id", "contact_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "outbound_call_campaign_contact_idx";`);
  }
}
