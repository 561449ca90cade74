import { Migration } from '@mikro-orm/migrations';

export class Migration20261122152617_tools_and_knowledge extends Migration {
  override name = 'Migration20261122152617_tools_and_knowledge';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "knowledge_resource" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "project_id" varchar(40) not null, "name" varchar(200) not null, "source_kind" varchar(10) not null, "source_url" text null, "content_type" varchar(100) not null, "characters" int not null, "chunk_count" int not null, "created_by" jsonb not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "knowledge_resource_project_idx" on "knowledge_resource" ("organization_id", "project_id", "id");`);

    this.addSql(
      `create table "knowledge_chunk" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "project_id" varchar(40) not null, "resource_id" varchar(40) not null, "position" int not null, "content" text not null, "search" tsvector generated always as (to_tsvector('english'::regconfig, content)) stored null, primary key ("id"));`,
    );
    this.addSql(`create index "knowledge_chunk_scope_idx" on "knowledge_chunk" ("organization_id", "project_id");`);
    this.addSql(`create index "knowledge_chunk_resource_idx" on "knowledge_chunk" ("resource_id", "position");`);
    this.addSql(`create index "knowledge_chunk_search_idx" on "knowledge_chunk" using gin ("search");`);

    this.addSql(
      `create table "http_tool" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "project_id" varchar(40) not null, "agent_id" varchar(40) null, "name" varchar(64) not null, "description" text not null, "method" varchar(10) not null, "url_template" text not null, "parameters" jsonb not null, "has_body" boolean not null default false, "input_schema" jsonb not null, "headers_encrypted" text null, "header_names" jsonb not null, "permission" varchar(5) not null default 'ask', "source_url" text null, "created_by" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "http_tool_organization_idx" on "http_tool" ("organization_id", "id");`);
    this.addSql(`alter table "http_tool" add constraint "http_tool_project_name_unique" unique ("project_id", "name");`);

    this.addSql(
      `alter table "knowledge_resource" add constraint "knowledge_resource_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "knowledge_resource" add constraint "knowledge_resource_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "knowledge_chunk" add constraint "knowledge_chunk_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "knowledge_chunk" add constraint "knowledge_chunk_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "knowledge_chunk" add constraint "knowledge_chunk_resource_id_foreign" foreign key ("resource_id") references "knowledge_resource" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "http_tool" add constraint "http_tool_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "http_tool" add constraint "http_tool_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "http_tool" add constraint "http_tool_agent_id_foreign" foreign key ("agent_id") references "agent" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "knowledge_chunk" drop constraint "knowledge_chunk_resource_id_foreign";`);

    this.addSql(`drop table if exists "knowledge_resource" cascade;`);
    this.addSql(`drop table if exists "knowledge_chunk" cascade;`);
    this.addSql(`drop table if exists "http_tool" cascade;`);
  }
}
