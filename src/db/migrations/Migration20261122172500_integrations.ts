import { Migration } from '@mikro-orm/migrations';

export class Migration20261122172500_integrations extends Migration {
  override name = 'Migration20261122172500_integrations';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "integration_connection" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "project_id" varchar(40) null, "integration" varchar(20) not null, "kind" varchar(10) not null, "name" varchar(100) not null, "settings" jsonb not null, "credentials_encrypted" text null, "credential_names" jsonb not null, "status" varchar(12) not null, "last_error" text null, "last_error_at" timestamptz null, "connected_at" timestamptz null, "disconnected_at" timestamptz null, "created_by" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "integration_connection_organization_idx" on "integration_connection" ("organization_id", "id");`);

    this.addSql(
      `alter table "integration_connection" add constraint "integration_connection_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "integration_connection" add constraint "integration_connection_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "integration_connection" cascade;`);
  }
}
