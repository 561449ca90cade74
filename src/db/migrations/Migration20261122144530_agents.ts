import { Migration } from '@mikro-orm/migrations';

export class Migration20261122144530_agents extends Migration {
  override name = 'Migration20261122144530_agents';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "agent" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "project_id" varchar(40) not null, "name" varchar(200) not null, "main_branch_id" varchar(40) not null, "live_version_id" varchar(40) null, "required_test_ids" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "agent_org_project_idx" on "agent" ("organization_id", "project_id", "id");`);

    this.addSql(
      `create table "agent_version" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "agent_id" varchar(40) not null, "parent_ids" jsonb not null, "config" jsonb not null, "content_hash" varchar(64) not null, "prompt_hash" varchar(64) not null, "created_by" jsonb not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "agent_version_agent_idx" on "agent_version" ("agent_id", "id");`);

    this.addSql(
      `create table "agent_publication" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "agent_id" varchar(40) not null, "kind" varchar(10) not null, "version_id" varchar(40) not null, "previous_version_id" varchar(40) null, "published_by" jsonb not null, "published_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "agent_publication_agent_idx" on "agent_publication" ("agent_id", "id");`);

    this.addSql(
      `create table "agent_branch" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "agent_id" varchar(40) not null, "name" varchar(100) not null, "is_main" boolean not null default false, "head_version_id" varchar(40) not null, "base_version_id" varchar(40) not null, "head_revision_id" varchar(40) null, "state" varchar(10) not null default 'open', "merged_at" timestamptz null, "merged_version_id" varchar(40) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "agent_branch" add constraint "agent_branch_agent_name_unique" unique ("agent_id", "name");`);

    this.addSql(
      `create table "prompt_revision" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "agent_id" varchar(40) not null, "branch_id" varchar(40) not null, "version_id" varchar(40) not null, "parent_revision_id" varchar(40) null, "prompt_hash" varchar(64) not null, "author" jsonb not null, "restored_from" varchar(40) null, "summary" varchar(500) not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "prompt_revision_agent_idx" on "prompt_revision" ("agent_id", "id");`);
    this.addSql(`create index "prompt_revision_branch_idx" on "prompt_revision" ("branch_id", "id");`);
    this.addSql(`create index "prompt_revision_hash_idx" on "prompt_revision" ("agent_id", "prompt_hash");`);

    this.addSql(
      `alter table "agent" add constraint "agent_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "agent" add constraint "agent_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);

    this.addSql(
      `alter table "agent_version" add constraint "agent_version_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "agent_version" add constraint "agent_version_agent_id_foreign" foreign key ("agent_id") references "agent" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "agent_publication" add constraint "agent_publication_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "agent_publication" add constraint "agent_publication_agent_id_foreign" foreign key ("agent_id") references "agent" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "agent_branch" add constraint "agent_branch_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "agent_branch" add constraint "agent_branch_agent_id_foreign" foreign key ("agent_id") references "agent" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "prompt_revision" add constraint "prompt_revision_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "prompt_revision" add constraint "prompt_revision_agent_id_foreign" foreign key ("agent_id") references "agent" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "prompt_revision" add constraint "prompt_revision_branch_id_foreign" foreign key ("branch_id") references "agent_branch" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "agent_version" drop constraint "agent_version_agent_id_foreign";`);
    this.addSql(`alter table "agent_publication" drop constraint "agent_publication_agent_id_foreign";`);
    this.addSql(`alter table "agent_branch" drop constraint "agent_branch_agent_id_foreign";`);
    this.addSql(`alter table "prompt_revision" drop constraint "prompt_revision_agent_id_foreign";`);
    this.addSql(`alter table "prompt_revision" drop constraint "prompt_revision_branch_id_foreign";`);

    this.addSql(`drop table if exists "agent" cascade;`);
    this.addSql(`drop table if exists "agent_version" cascade;`);
    this.addSql(`drop table if exists "agent_publication" cascade;`);
    this.addSql(`drop table if exists "agent_branch" cascade;`);
    this.addSql(`drop table if exists "prompt_revision" cascade;`);
  }
}
