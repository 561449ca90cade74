import { Migration } from '@mikro-orm/migrations';

export class Migration20261122170019_campaign_finished_event extends Migration {
  override name = 'Migration20261122170019_campaign_finished_event';

  override up(): void | Promise<void> {
    this.addSql(`alter table "campaign" add "finished_event_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "campaign" drop column "finished_event_at";`);
  }
}
