import { Migration } from '@mikro-orm/migrations';

/** Archiving an agent (issue 13 item 4, docs/decisions/0040): the time it was archived; null for an agent in use. */
export class Migration20261125120000_agent_archive extends Migration {
  override name = 'Migration20261125120000_agent_archive';

  override up(): void | Promise<void> {
    this.addSql(`alter table "agent" add column "archived_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "agent" drop column if exists "archived_at";`);
  }
}
