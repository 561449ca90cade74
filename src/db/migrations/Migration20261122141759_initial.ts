import { Migration } from '@mikro-orm/migrations';

export class Migration20261122141759_initial extends Migration {
  override name = 'Migration20261122141759_initial';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "organization" ("id" varchar(40) not null, "name" varchar(200) not null, "slug" varchar(80) not null, "price_list" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "organization" add constraint "organization_slug_unique" unique ("slug");`);

    this.addSql(
      `create table "call_stats_bucket" ("id" bigserial primary key, "organization_id" varchar(40) not null, "bucket_start" timestamptz not null, "project_id" varchar(40) not null, "agent_id" varchar(40) not null, "agent_name" varchar(200) not null, "status" varchar(20) not null, "end_reason" varchar(30) not null, "direction" varchar(20) not null, "phone_number" varchar(64) not null, "sessions" int not null default 0, "duration_seconds" bigint not null default '0', "cost_micros" bigint not null default '0', "transferred" int not null default 0, "tool_calls" int not null default 0, "tool_call_failures" int not null default 0);`,
    );
    this.addSql(
      `alter table "call_stats_bucket" add constraint "call_stats_bucket_key" unique ("organization_id", "bucket_start", "project_id", "agent_id", "status", "end_reason", "direction", "phone_number");`,
    );

    this.addSql(
      `create table "api_client" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "name" varchar(200) not null, "secret_hash" varchar(64) not null, "role" varchar(40) not null default 'admin', "revoked_at" timestamptz null, "last_used_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`,
    );

    this.addSql(
      `create table "project" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "name" varchar(200) not null, "description" text null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "project" add constraint "project_organization_id_name_unique" unique ("organization_id", "name");`);

    this.addSql(
      `create table "call_session" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "project_id" varchar(40) not null, "agent_id" varchar(40) null, "agent_name" varchar(200) not null, "agent_version_id" varchar(40) null, "status" varchar(20) not null, "end_reason" varchar(30) null, "direction" varchar(20) not null, "caller_name" varchar(200) null, "caller_address" varchar(64) null, "phone_number" varchar(64) null, "started_at" timestamptz not null, "ended_at" timestamptz null, "duration_seconds" int not null default 0, "total_cost_micros" bigint not null default '0', "variables" jsonb not null, "summaries" jsonb not null, "has_recording" boolean not null default false, "stats_counted_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "call_session_org_started_idx" on "call_session" ("organization_id", "started_at", "id");`);
    this.addSql(`create index "call_session_org_agent_idx" on "call_session" ("organization_id", "agent_id", "started_at");`);

    this.addSql(
      `create table "call_leg" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "session_id" varchar(40) not null, "seq" int not null, "direction" varchar(20) not null, "kind" varchar(20) not null, "address" varchar(200) null, "started_at" timestamptz not null, "ended_at" timestamptz null, "duration_seconds" int not null default 0, "cost_micros" bigint not null default '0', "cost_lines" jsonb not null, "transcript" jsonb not null, primary key ("id"));`,
    );
    this.addSql(`alter table "call_leg" add constraint "call_leg_session_seq_unique" unique ("session_id", "seq");`);

    this.addSql(
      `create table "recording" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "session_id" varchar(40) not null, "storage_key" varchar(300) not null, "content_type" varchar(100) not null default 'audio/wav', "duration_seconds" int not null default 0, "size_bytes" int not null default 0, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "recording" add constraint "recording_session_id_unique" unique ("session_id");`);

    this.addSql(
      `create table "tool_call" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "session_id" varchar(40) not null, "leg_id" varchar(40) not null, "name" varchar(200) not null, "request_text" text not null, "response_text" text not null, "status" varchar(20) not null default 'succeeded', "duration_ms" int not null default 0, "started_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "tool_call_session_idx" on "tool_call" ("session_id");`);

    this.addSql(
      `alter table "call_stats_bucket" add constraint "call_stats_bucket_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "api_client" add constraint "api_client_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "project" add constraint "project_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "call_session" add constraint "call_session_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "call_session" add constraint "call_session_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "call_leg" add constraint "call_leg_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "call_leg" add constraint "call_leg_session_id_foreign" foreign key ("session_id") references "call_session" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "recording" add constraint "recording_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "recording" add constraint "recording_session_id_foreign" foreign key ("session_id") references "call_session" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "tool_call" add constraint "tool_call_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "tool_call" add constraint "tool_call_session_id_foreign" foreign key ("session_id") references "call_session" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "tool_call" add constraint "tool_call_leg_id_foreign" foreign key ("leg_id") references "call_leg" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "call_stats_bucket" drop constraint "call_stats_bucket_organization_id_foreign";`);
    this.addSql(`alter table "api_client" drop constraint "api_client_organization_id_foreign";`);
    this.addSql(`alter table "project" drop constraint "project_organization_id_foreign";`);
    this.addSql(`alter table "call_session" drop constraint "call_session_organization_id_foreign";`);
    this.addSql(`alter table "call_leg" drop constraint "call_leg_organization_id_foreign";`);
    this.addSql(`alter table "recording" drop constraint "recording_organization_id_foreign";`);
    this.addSql(`alter table "tool_call" drop constraint "tool_call_organization_id_foreign";`);
    this.addSql(`alter table "call_session" drop constraint "call_session_project_id_foreign";`);
    this.addSql(`alter table "call_leg" drop constraint "call_leg_session_id_foreign";`);
    this.addSql(`alter table "recording" drop constraint "recording_session_id_foreign";`);
    this.addSql(`alter table "tool_call" drop constraint "tool_call_session_id_foreign";`);
    this.addSql(`alter table "tool_call" drop constraint "tool_call_leg_id_foreign";`);

    this.addSql(`drop table if exists "organization" cascade;`);
    this.addSql(`drop table if exists "call_stats_bucket" cascade;`);
    this.addSql(`drop table if exists "api_client" cascade;`);
    this.addSql(`drop table if exists "project" cascade;`);
    this.addSql(`drop table if exists "call_session" cascade;`);
    this.addSql(`drop table if exists "call_leg" cascade;`);
    this.addSql(`drop table if exists "recording" cascade;`);
    this.addSql(`drop table if exists "tool_call" cascade;`);
  }
}
