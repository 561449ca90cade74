import { Migration } from '@mikro-orm/migrations';

export class Migration20261122171500_tool_call_confirmation extends Migration {
  override name = 'Migration20261122171500_tool_call_confirmation';

  override up(): void | Promise<void> {
    this.addSql(`alter table "tool_call" add "confirmation" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "tool_call" drop column "confirmation";`);
  }
}
