import { Migration } from '@mikro-orm/migrations';

/**
 * `Idempotency-Key` on every create (issue 13, docs/decisions/0036): one row per key an organization used in the
 * last day. `fingerprint` is a hash of the operation, its parameters and body; `token` names the request that holds
 * the claim while it runs (`state` running); a success is stored (`status`, the JSON `body`, replayed headers) for
 * replay. A failed request deletes its row.
 */
export class Migration20261125100000_idempotency_record extends Migration {
  override name = 'Migration20261125100000_idempotency_record';

  override up(): void | Promise<void> {
    this.addSql(`create table "idempotency_record" (
      "organization_id" varchar(255) not null,
      "key" varchar(255) not null,
      "operation_id" varchar(100) not null,
      "fingerprint" varchar(64) not null,
      "token" varchar(64) not null,
      "state" varchar(16) not null check ("state" in ('running', 'done')),
      "status" smallint null,
      "body" text null,
      "headers" jsonb null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      primary key ("organization_id", "key"));`);
    this.addSql(`create index "idempotency_record_created_at_idx" on "idempotency_record" ("created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "idempotency_record";`);
  }
}
