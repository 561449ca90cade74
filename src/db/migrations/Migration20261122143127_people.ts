import { Migration } from '@mikro-orm/migrations';

export class Migration20261122143127_people extends Migration {
  override name = 'Migration20261122143127_people';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "custom_role" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "name" varchar(100) not null, "description" text null, "permissions" jsonb not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "custom_role" add constraint "custom_role_organization_id_name_unique" unique ("organization_id", "name");`);

    this.addSql(
      `create table "audit_event" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "project_id" varchar(40) null, "actor_type" varchar(20) not null, "actor_id" varchar(40) null, "actor_name" varchar(320) null, "via" varchar(20) not null, "action" varchar(80) not null, "target_type" varchar(40) null, "target_id" varchar(60) null, "data" jsonb not null, "request_id" varchar(80) null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "audit_event_org_idx" on "audit_event" ("organization_id", "created_at", "id");`);

    this.addSql(
      `create table "app_user" ("id" varchar(40) not null, "email" varchar(320) not null, "name" varchar(200) not null, "password_hash" varchar(300) not null, "disabled_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "app_user" add constraint "app_user_email_unique" unique ("email");`);

    this.addSql(
      `create table "project_member" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "project_id" varchar(40) not null, "user_id" varchar(40) not null, "role" varchar(20) not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "project_member" add constraint "project_member_unique" unique ("project_id", "user_id");`);

    this.addSql(
      `create table "membership" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "user_id" varchar(40) not null, "role" varchar(40) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "membership_user_id_index" on "membership" ("user_id");`);
    this.addSql(`alter table "membership" add constraint "membership_org_user_unique" unique ("organization_id", "user_id");`);

    this.addSql(
      `alter table "custom_role" add constraint "custom_role_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "audit_event" add constraint "audit_event_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "project_member" add constraint "project_member_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "project_member" add constraint "project_member_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "project_member" add constraint "project_member_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "membership" add constraint "membership_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "membership" add constraint "membership_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "project_member" drop constraint "project_member_user_id_foreign";`);
    this.addSql(`alter table "membership" drop constraint "membership_user_id_foreign";`);

    this.addSql(`drop table if exists "custom_role" cascade;`);
    this.addSql(`drop table if exists "audit_event" cascade;`);
    this.addSql(`drop table if exists "app_user" cascade;`);
    this.addSql(`drop table if exists "project_member" cascade;`);
    this.addSql(`drop table if exists "membership" cascade;`);
  }
}
