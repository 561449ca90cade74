import { Migration } from '@mikro-orm/migrations';

export class Migration20261122152303_telephony extends Migration {
  override name = 'Migration20261122152303_telephony';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "carrier_call_log" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "provider" varchar(20) not null, "connection_id" varchar(40) null, "idempotency_key" varchar(200) not null, "from_number" varchar(20) not null, "to_number" varchar(20) not null, "provider_call_id" varchar(200) null, "status" varchar(20) not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "carrier_call_log" add constraint "carrier_call_log_provider_key_unique" unique ("provider", "idempotency_key");`);

    this.addSql(
      `create table "telephony_connection" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "name" varchar(100) not null, "provider" varchar(20) not null, "credentials_encrypted" text null, "base_url" varchar(500) null, "simulation" jsonb null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "telephony_connection" add constraint "telephony_connection_org_name_unique" unique ("organization_id", "name");`);

    this.addSql(
      `create table "sip_trunk" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "name" varchar(100) not null, "direction" varchar(10) not null, "connection_id" varchar(40) null, "auth_username" varchar(100) null, "auth_password_encrypted" text null, "allowed_ips" jsonb not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "sip_trunk" add constraint "sip_trunk_org_name_unique" unique ("organization_id", "name");`);

    this.addSql(
      `create table "sip_trunk_endpoint" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "trunk_id" varchar(40) not null, "uri" varchar(255) not null, "priority" int not null, "weight" int not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "sip_trunk_endpoint_trunk_idx" on "sip_trunk_endpoint" ("trunk_id", "priority");`);

    this.addSql(
      `create table "destination" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "kind" varchar(20) not null, "address" varchar(255) not null, "agent_id" varchar(40) null, "trunk_id" varchar(40) null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "destination_org_idx" on "destination" ("organization_id", "id");`);
    this.addSql(`alter table "destination" add constraint "destination_address_unique" unique ("address");`);

    this.addSql(
      `create table "phone_number" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "number" varchar(20) not null, "country" varchar(2) not null, "provider" varchar(20) not null, "connection_id" varchar(40) null, "provider_number_id" varchar(100) null, "origin" varchar(10) not null, "status" varchar(10) not null, "destination_id" varchar(40) null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "phone_number_org_idx" on "phone_number" ("organization_id", "id");`);
    this.addSql(`alter table "phone_number" add constraint "phone_number_number_unique" unique ("number");`);

    this.addSql(
      `alter table "carrier_call_log" add constraint "carrier_call_log_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "telephony_connection" add constraint "telephony_connection_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "sip_trunk" add constraint "sip_trunk_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "sip_trunk" add constraint "sip_trunk_connection_id_foreign" foreign key ("connection_id") references "telephony_connection" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "sip_trunk_endpoint" add constraint "sip_trunk_endpoint_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "sip_trunk_endpoint" add constraint "sip_trunk_endpoint_trunk_id_foreign" foreign key ("trunk_id") references "sip_trunk" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "destination" add constraint "destination_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "destination" add constraint "destination_agent_id_foreign" foreign key ("agent_id") references "agent" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "destination" add constraint "destination_trunk_id_foreign" foreign key ("trunk_id") references "sip_trunk" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "phone_number" add constraint "phone_number_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "phone_number" add constraint "phone_number_connection_id_foreign" foreign key ("connection_id") references "telephony_connection" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "phone_number" add constraint "phone_number_destination_id_foreign" foreign key ("destination_id") references "destination" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "sip_trunk" drop constraint "sip_trunk_connection_id_foreign";`);
    this.addSql(`alter table "phone_number" drop constraint "phone_number_connection_id_foreign";`);
    this.addSql(`alter table "sip_trunk_endpoint" drop constraint "sip_trunk_endpoint_trunk_id_foreign";`);
    this.addSql(`alter table "destination" drop constraint "destination_trunk_id_foreign";`);
    this.addSql(`alter table "phone_number" drop constraint "phone_number_destination_id_foreign";`);

    this.addSql(`drop table if exists "carrier_call_log" cascade;`);
    this.addSql(`drop table if exists "telephony_connection" cascade;`);
    this.addSql(`drop table if exists "sip_trunk" cascade;`);
    this.addSql(`drop table if exists "sip_trunk_endpoint" cascade;`);
    this.addSql(`drop table if exists "destination" cascade;`);
    this.addSql(`drop table if exists "phone_number" cascade;`);
  }
}
