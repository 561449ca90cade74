import { Migration } from '@mikro-orm/migrations';

export class Migration20261122152806_triggers extends Migration {
  override name = 'Migration20261122152806_triggers';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "agent_trigger" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "project_id" varchar(40) not null, "agent_id" varchar(40) not null, "name" varchar(200) null, "event_kinds" jsonb not null, "url" varchar(2048) not null, "secret_encrypted" text not null, "enabled" boolean not null default true, "disabled_reason" varchar(40) null, "retry_schedule_ms" jsonb null, "created_by" jsonb not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "agent_trigger_agent_idx" on "agent_trigger" ("agent_id", "enabled");`);

    this.addSql(
      `create table "webhook_event" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "agent_id" varchar(40) not null, "type" varchar(40) not null, "data" jsonb not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "webhook_event_agent_idx" on "webhook_event" ("agent_id", "created_at");`);

    this.addSql(
      `create table "trigger_run" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "trigger_id" varchar(40) not null, "event_id" varchar(40) not null, "delivery_key" varchar(100) not null, "origin" varchar(10) not null, "url" varchar(2048) null, "status" varchar(12) not null default 'pending', "attempts" jsonb not null, "next_attempt_at" timestamptz null, "workflow_started_at" timestamptz null, "finished_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "trigger_run" add constraint "trigger_run_delivery_key_unique" unique ("delivery_key");`);
    this.addSql(`create index "trigger_run_trigger_idx" on "trigger_run" ("trigger_id", "id");`);
    this.addSql(`create index "trigger_run_unstarted_idx" on "trigger_run" ("workflow_started_at", "id");`);

    this.addSql(
      `alter table "agent_trigger" add constraint "agent_trigger_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "agent_trigger" add constraint "agent_trigger_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "agent_trigger" add constraint "agent_trigger_agent_id_foreign" foreign key ("agent_id") references "agent" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "webhook_event" add constraint "webhook_event_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "webhook_event" add constraint "webhook_event_agent_id_foreign" foreign key ("agent_id") references "agent" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "trigger_run" add constraint "trigger_run_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "trigger_run" add constraint "trigger_run_trigger_id_foreign" foreign key ("trigger_id") references "agent_trigger" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "trigger_run" add constraint "trigger_run_event_id_foreign" foreign key ("event_id") references "webhook_event" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "trigger_run" drop constraint "trigger_run_trigger_id_foreign";`);
    this.addSql(`alter table "trigger_run" drop constraint "trigger_run_event_id_foreign";`);

    this.addSql(`drop table if exists "agent_trigger" cascade;`);
    this.addSql(`drop table if exists "webhook_event" cascade;`);
    this.addSql(`drop table if exists "trigger_run" cascade;`);
  }
}
