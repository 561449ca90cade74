import { Migration } from '@mikro-orm/migrations';

export class Migration20261122150656_quality extends Migration {
  override name = 'Migration20261122150656_quality';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "evaluation" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "project_id" varchar(40) not null, "agent_id" varchar(40) not null, "version_id" varchar(40) not null, "branch_id" varchar(40) null, "release_id" varchar(40) null, "test_run_ids" jsonb not null, "status" varchar(10) not null default 'queued', "total" int not null default 0, "passed" int not null default 0, "failed" int not null default 0, "errored" int not null default 0, "duration_seconds" int not null default 0, "cost_micros" bigint not null default '0', "wall_ms" int null, "created_by" jsonb not null, "started_at" timestamptz null, "finished_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "evaluation" add constraint "evaluation_release_id_unique" unique ("release_id");`);
    this.addSql(`create index "evaluation_agent_idx" on "evaluation" ("agent_id", "id");`);

    this.addSql(
      `create table "agent_release" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "project_id" varchar(40) not null, "agent_id" varchar(40) not null, "branch_id" varchar(40) not null, "status" varchar(20) not null default 'pending', "paused" boolean not null default false, "reason" text null, "steps" jsonb not null, "rollout" jsonb null, "guard" jsonb not null, "require_approval" boolean not null default false, "approval_timeout_seconds" int not null, "evaluation_id" varchar(40) null, "merged_version_id" varchar(40) null, "previous_version_id" varchar(40) null, "previous_split" jsonb null, "split_changed" boolean not null default false, "idempotency_key" varchar(200) null, "started_by" jsonb not null, "approved_by" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "finished_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "agent_release_org_idx" on "agent_release" ("organization_id", "id");`);
    this.addSql(`create index "agent_release_agent_idx" on "agent_release" ("agent_id", "id");`);
    this.addSql(`alter table "agent_release" add constraint "agent_release_idempotency_unique" unique ("organization_id", "idempotency_key");`);

    this.addSql(
      `create table "agent_test" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "project_id" varchar(40) not null, "agent_id" varchar(40) not null, "name" varchar(200) not null, "customer_turns" jsonb not null, "checks" jsonb not null, "required" boolean not null default false, "created_by" jsonb not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "agent_test" add constraint "agent_test_agent_name_unique" unique ("agent_id", "name");`);

    this.addSql(
      `create table "test_run" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "project_id" varchar(40) not null, "agent_id" varchar(40) not null, "test_id" varchar(40) not null, "evaluation_id" varchar(40) not null, "test_name" varchar(200) not null, "version_id" varchar(40) not null, "branch_id" varchar(40) null, "status" varchar(10) not null default 'queued', "check_outcomes" jsonb not null, "transcript" jsonb not null, "end_reason" varchar(30) null, "session_id" varchar(40) null, "duration_seconds" int not null default 0, "cost_micros" bigint not null default '0', "error" text null, "attempts" int not null default 0, "started_at" timestamptz null, "finished_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "test_run" add constraint "test_run_session_id_unique" unique ("session_id");`);
    this.addSql(`create index "test_run_evaluation_idx" on "test_run" ("evaluation_id");`);
    this.addSql(`create index "test_run_passed_idx" on "test_run" ("test_id", "version_id", "status");`);

    this.addSql(
      `alter table "evaluation" add constraint "evaluation_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "evaluation" add constraint "evaluation_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "evaluation" add constraint "evaluation_agent_id_foreign" foreign key ("agent_id") references "agent" ("id") on delete cascade;`);

    this.addSql(
      `alter table "agent_release" add constraint "agent_release_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "agent_release" add constraint "agent_release_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "agent_release" add constraint "agent_release_agent_id_foreign" foreign key ("agent_id") references "agent" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "agent_test" add constraint "agent_test_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "agent_test" add constraint "agent_test_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "agent_test" add constraint "agent_test_agent_id_foreign" foreign key ("agent_id") references "agent" ("id") on delete cascade;`);

    this.addSql(
      `alter table "test_run" add constraint "test_run_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "test_run" add constraint "test_run_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "test_run" add constraint "test_run_agent_id_foreign" foreign key ("agent_id") references "agent" ("id") on delete cascade;`);
    this.addSql(`alter table "test_run" add constraint "test_run_test_id_foreign" foreign key ("test_id") references "agent_test" ("id") on delete cascade;`);
    this.addSql(
      `alter table "test_run" add constraint "test_run_evaluation_id_foreign" foreign key ("evaluation_id") references "evaluation" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "test_run" drop constraint "test_run_evaluation_id_foreign";`);
    this.addSql(`alter table "test_run" drop constraint "test_run_test_id_foreign";`);

    this.addSql(`drop table if exists "evaluation" cascade;`);
    this.addSql(`drop table if exists "agent_release" cascade;`);
    this.addSql(`drop table if exists "agent_test" cascade;`);
    this.addSql(`drop table if exists "test_run" cascade;`);
  }
}
