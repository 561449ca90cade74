import { Migration } from '@mikro-orm/migrations';

export class Migration20261122155006_campaigns extends Migration {
  override name = 'Migration20261122155006_campaigns';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "outbound_call" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "project_id" varchar(40) not null, "agent_id" varchar(40) not null, "version_id" varchar(40) not null, "session_id" varchar(40) not null, "dial_key" varchar(200) not null, "campaign_id" varchar(40) null, "from_number" varchar(20) not null, "to_number" varchar(20) not null, "contact_id" varchar(40) null, "connection_id" varchar(40) null, "variables" jsonb not null, "customer_script" jsonb not null, "status" varchar(20) not null default 'queued', "call_log_id" varchar(40) null, "end_reason" varchar(30) null, "error" text null, "idempotency_key" varchar(200) null, "created_by" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "outbound_call_org_idx" on "outbound_call" ("organization_id", "id");`);
    this.addSql(`alter table "outbound_call" add constraint "outbound_call_session_unique" unique ("session_id");`);
    this.addSql(`alter table "outbound_call" add constraint "outbound_call_dial_key_unique" unique ("dial_key");`);
    this.addSql(`alter table "outbound_call" add constraint "outbound_call_idempotency_unique" unique ("organization_id", "idempotency_key");`);

    this.addSql(
      `create table "campaign" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "project_id" varchar(40) not null, "agent_id" varchar(40) not null, "name" varchar(200) not null, "caller_numbers" jsonb not null, "window" jsonb null, "time_zone" varchar(64) not null, "max_concurrent" int not null, "calls_per_minute" int not null, "retry" jsonb not null, "spend_cap_micros" bigint null, "spent_micros" bigint not null default '0', "max_call_micros" bigint not null default '0', "customer_script" jsonb not null, "variables" jsonb not null, "status" varchar(20) not null default 'running', "reason" text null, "idempotency_key" varchar(200) null, "created_by" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "finished_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "campaign_org_idx" on "campaign" ("organization_id", "id");`);
    this.addSql(`alter table "campaign" add constraint "campaign_idempotency_unique" unique ("organization_id", "idempotency_key");`);

    this.addSql(
      `create table "campaign_recipient" ("id" varchar(40) not null, "campaign_id" varchar(40) not null, "contact_id" varchar(40) not null, "phone" varchar(20) not null, "time_zone" varchar(64) not null, "seq" int not null, "attempts" int not null default 0, "last_outcome" varchar(20) null, "state" varchar(20) not null default 'queued', "next_attempt_at" timestamptz null, "claim" varchar(200) null, "last_call_id" varchar(40) null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "campaign_recipient_due_idx" on "campaign_recipient" ("campaign_id", "state", "next_attempt_at", "seq");`);
    this.addSql(`create index "campaign_recipient_claim_idx" on "campaign_recipient" ("campaign_id", "claim");`);
    this.addSql(`alter table "campaign_recipient" add constraint "campaign_recipient_contact_unique" unique ("campaign_id", "contact_id");`);

    this.addSql(
      `alter table "outbound_call" add constraint "outbound_call_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "outbound_call" add constraint "outbound_call_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "outbound_call" add constraint "outbound_call_agent_id_foreign" foreign key ("agent_id") references "agent" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "campaign" add constraint "campaign_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "campaign" add constraint "campaign_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "campaign" add constraint "campaign_agent_id_foreign" foreign key ("agent_id") references "agent" ("id") on delete cascade;`);

    this.addSql(
      `alter table "campaign_recipient" add constraint "campaign_recipient_campaign_id_foreign" foreign key ("campaign_id") references "campaign" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "campaign_recipient" drop constraint "campaign_recipient_campaign_id_foreign";`);

    this.addSql(`drop table if exists "outbound_call" cascade;`);
    this.addSql(`drop table if exists "campaign" cascade;`);
    this.addSql(`drop table if exists "campaign_recipient" cascade;`);
  }
}
