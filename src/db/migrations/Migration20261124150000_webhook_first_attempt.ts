import { Migration } from '@mikro-orm/migrations';

/**
 * Webhooks' first attempt straight from the outbox (issue 14, docs/decisions/0032): a run is claimed by one
 * worker's dispatcher for a lease (`claimed_until`); only a run whose first attempt asked for a retry, or whose
 * claim lapsed (its worker died), gets a triggerRun workflow. Runs delivered at once never get one, so the
 * index the dispatcher claims from is partial: it holds only the runs still waiting for it.
 */
export class Migration20261124150000_webhook_first_attempt extends Migration {
  override name = 'Migration20261124150000_webhook_first_attempt';

  override up(): void | Promise<void> {
    this.addSql(`alter table "trigger_run" add column "claimed_until" timestamptz null;`);
    this.addSql(`drop index if exists "trigger_run_unstarted_idx";`);
    this.addSql(
      `create index "trigger_run_undispatched_idx" on "trigger_run" ("id") where "workflow_started_at" is null and "status" in ('pending', 'delivering');`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "trigger_run_undispatched_idx";`);
    this.addSql(`create index "trigger_run_unstarted_idx" on "trigger_run" ("workflow_started_at", "id");`);
    this.addSql(`alter table "trigger_run" drop column "claimed_until";`);
  }
}
