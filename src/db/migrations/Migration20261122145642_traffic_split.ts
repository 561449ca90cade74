import { Migration } from '@mikro-orm/migrations';

export class Migration20261122145642_traffic_split extends Migration {
  override name = 'Migration20261122145642_traffic_split';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "model_provider" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "name" varchar(100) not null, "kind" varchar(30) not null, "base_url" varchar(500) not null, "api_key_encrypted" text not null, "default_model" varchar(200) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "model_provider" add constraint "model_provider_org_name_unique" unique ("organization_id", "name");`);

    this.addSql(`alter table "agent" add "traffic_split" jsonb null;`);

    this.addSql(
      `alter table "model_provider" add constraint "model_provider_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "model_provider" cascade;`);

    this.addSql(`alter table "agent" drop column "traffic_split";`);
  }
}
