import { Migration } from '@mikro-orm/migrations';

export class Migration20261122152318_outbound_contacts extends Migration {
  override name = 'Migration20261122152318_outbound_contacts';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "dnc_entry" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "phone" varchar(20) not null, "reason" text null, "source" varchar(10) not null, "created_by" jsonb not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "dnc_entry_org_created_idx" on "dnc_entry" ("organization_id", "created_at", "id");`);
    this.addSql(`alter table "dnc_entry" add constraint "dnc_entry_org_phone_unique" unique ("organization_id", "phone");`);

    this.addSql(
      `create table "contact" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "name" varchar(200) null, "phone" varchar(20) null, "email" varchar(320) null, "country" varchar(2) null, "time_zone" varchar(64) null, "attributes" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "contact_org_id_idx" on "contact" ("organization_id", "id");`);
    this.addSql(`create unique index "contact_org_phone_unique" on "contact" ("organization_id", "phone") where "phone" is not null;`);
    this.addSql(`create unique index "contact_org_email_unique" on "contact" ("organization_id", "email") where "email" is not null;`);

    this.addSql(
      `alter table "dnc_entry" add constraint "dnc_entry_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "contact" add constraint "contact_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "dnc_entry" cascade;`);
    this.addSql(`drop table if exists "contact" cascade;`);
  }
}
