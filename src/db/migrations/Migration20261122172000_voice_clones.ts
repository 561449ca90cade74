import { Migration } from '@mikro-orm/migrations';

export class Migration20261122172000_voice_clones extends Migration {
  override name = 'Migration20261122172000_voice_clones';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "voice_clone" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "project_id" varchar(40) null, "name" varchar(100) not null, "language" varchar(20) not null, "gender" varchar(10) not null, "description" text null, "provider" varchar(20) not null, "status" varchar(20) not null, "progress" int not null, "sample_count" int not null, "total_duration_ms" int not null, "features" jsonb null, "provider_job_id" varchar(200) null, "voice_id" varchar(200) null, "error" text null, "idempotency_key" varchar(200) null, "created_by" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "finished_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "voice_clone_org_idx" on "voice_clone" ("organization_id", "id");`);
    this.addSql(`alter table "voice_clone" add constraint "voice_clone_idempotency_unique" unique ("organization_id", "idempotency_key");`);
    this.addSql(`alter table "voice_clone" add constraint "voice_clone_voice_unique" unique ("provider", "voice_id");`);

    this.addSql(
      `create table "voice_clone_sample" ("id" varchar(40) not null, "clone_id" varchar(40) not null, "seq" int not null, "source_url" text null, "sample_rate" int not null, "channels" int not null, "bits_per_sample" int not null, "duration_ms" int not null, "audio" bytea not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "voice_clone_sample" add constraint "voice_clone_sample_seq_unique" unique ("clone_id", "seq");`);

    this.addSql(
      `alter table "voice_clone" add constraint "voice_clone_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "voice_clone_sample" add constraint "voice_clone_sample_clone_id_foreign" foreign key ("clone_id") references "voice_clone" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "voice_clone_sample" drop constraint "voice_clone_sample_clone_id_foreign";`);

    this.addSql(`drop table if exists "voice_clone" cascade;`);
    this.addSql(`drop table if exists "voice_clone_sample" cascade;`);
  }
}
