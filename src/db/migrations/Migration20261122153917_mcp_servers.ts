import { Migration } from '@mikro-orm/migrations';

export class Migration20261122153917_mcp_servers extends Migration {
  override name = 'Migration20261122153917_mcp_servers';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "mcp_server" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "name" varchar(100) not null, "address" text not null, "sign_in_method" varchar(10) not null, "headers_encrypted" text null, "header_names" jsonb not null, "oauth_encrypted" text null, "oauth_state" varchar(64) null, "last_synced_at" timestamptz null, "last_attempt_at" timestamptz null, "tool_count" int not null default 0, "last_error" text null, "created_by" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "mcp_server" add constraint "mcp_server_oauth_state_unique" unique ("oauth_state");`);
    this.addSql(`create index "mcp_server_organization_idx" on "mcp_server" ("organization_id", "id");`);

    this.addSql(
      `create table "mcp_server_tool" ("id" varchar(40) not null, "server_id" varchar(40) not null, "name" varchar(128) not null, "description" text not null, "input_schema" jsonb not null, "permission" varchar(5) not null default 'ask', "active" boolean not null default true, "removed_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "mcp_server_tool" add constraint "mcp_server_tool_server_name_unique" unique ("server_id", "name");`);

    this.addSql(
      `create table "agent_mcp_server" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "agent_id" varchar(40) not null, "server_id" varchar(40) not null, "created_by" jsonb not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "agent_mcp_server" add constraint "agent_mcp_server_unique" unique ("agent_id", "server_id");`);

    this.addSql(
      `alter table "mcp_server" add constraint "mcp_server_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "mcp_server_tool" add constraint "mcp_server_tool_server_id_foreign" foreign key ("server_id") references "mcp_server" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "agent_mcp_server" add constraint "agent_mcp_server_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "agent_mcp_server" add constraint "agent_mcp_server_agent_id_foreign" foreign key ("agent_id") references "agent" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "agent_mcp_server" add constraint "agent_mcp_server_server_id_foreign" foreign key ("server_id") references "mcp_server" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "mcp_server_tool" drop constraint "mcp_server_tool_server_id_foreign";`);
    this.addSql(`alter table "agent_mcp_server" drop constraint "agent_mcp_server_server_id_foreign";`);

    this.addSql(`drop table if exists "mcp_server" cascade;`);
    this.addSql(`drop table if exists "mcp_server_tool" cascade;`);
    this.addSql(`drop table if exists "agent_mcp_server" cascade;`);
  }
}
