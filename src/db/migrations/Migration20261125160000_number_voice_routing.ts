import { Migration } from '@mikro-orm/migrations';

/**
 * How a carrier routed a number's calls before the platform took it (issue 15):
 * Twilio's voice URL and method, or Telnyx's connection. Buying or importing a
 * number points its calls at the platform; removing it puts this back.
 */
export class Migration20261125160000_number_voice_routing extends Migration {
  override name = 'Migration20261125160000_number_voice_routing';

  override up(): void | Promise<void> {
    this.addSql(`alter table "phone_number" add column "voice_routing_before" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "phone_number" drop column "voice_routing_before";`);
  }
}
