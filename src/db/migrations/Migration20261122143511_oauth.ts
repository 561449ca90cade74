import { Migration } from '@mikro-orm/migrations';

export class Migration20261122143511_oauth extends Migration {
  override name = 'Migration20261122143511_oauth';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "oauth_model" ("model" varchar(40) not null, "id" varchar(200) not null, "payload" jsonb not null, "grant_id" varchar(200) null, "user_code" varchar(200) null, "uid" varchar(200) null, "expires_at" timestamptz null, "consumed_at" timestamptz null, primary key ("model", "id"));`,
    );
    this.addSql(`create index "oauth_model_grant_id_index" on "oauth_model" ("grant_id");`);
    this.addSql(`create index "oauth_model_uid_index" on "oauth_model" ("uid");`);
    this.addSql(`create index "oauth_model_expires_at_index" on "oauth_model" ("expires_at");`);

    this.addSql(
      `create table "oauth_signing_key" ("kid" varchar(100) not null, "jwk" jsonb not null, "created_at" timestamptz not null, primary key ("kid"));`,
    );

    this.addSql(
      `create table "oauth_connection" ("id" varchar(40) not null, "grant_id" varchar(200) not null, "user_id" varchar(40) not null, "client_id" varchar(200) not null, "client_name" varchar(200) not null, "organization_id" varchar(40) not null, "project_id" varchar(40) not null, "created_at" timestamptz not null, "last_used_at" timestamptz null, "revoked_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`alter table "oauth_connection" add constraint "oauth_connection_grant_id_unique" unique ("grant_id");`);
    this.addSql(`create index "oauth_connection_user_idx" on "oauth_connection" ("user_id", "created_at");`);

    this.addSql(
      `alter table "oauth_connection" add constraint "oauth_connection_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "oauth_connection" add constraint "oauth_connection_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "oauth_connection" add constraint "oauth_connection_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "oauth_model" cascade;`);
    this.addSql(`drop table if exists "oauth_signing_key" cascade;`);
    this.addSql(`drop table if exists "oauth_connection" cascade;`);
  }
}
