import { Migration } from '@mikro-orm/migrations';

export class Migration20261124100000_invitations extends Migration {
  override name = 'Migration20261124100000_invitations';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "invitation" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "email" varchar(320) not null, "role" varchar(40) not null, "invited_by" jsonb not null, "expires_at" timestamptz not null, "accepted_at" timestamptz null, "accepted_by_id" varchar(40) null, "declined_at" timestamptz null, "revoked_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "invitation_org_idx" on "invitation" ("organization_id", "id");`);
    this.addSql(`create index "invitation_email_idx" on "invitation" ("email");`);
    // At most one unanswered invitation per organization and email: a new one replaces it (create-invitation.ts).
    this.addSql(
      `create unique index "invitation_open_unique" on "invitation" ("organization_id", "email") where "accepted_at" is null and "declined_at" is null and "revoked_at" is null;`,
    );

    this.addSql(
      `alter table "invitation" add constraint "invitation_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "invitation" add constraint "invitation_accepted_by_id_foreign" foreign key ("accepted_by_id") references "app_user" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "invitation" cascade;`);
  }
}
