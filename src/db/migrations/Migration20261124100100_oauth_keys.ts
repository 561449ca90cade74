import { Migration } from '@mikro-orm/migrations';

/**
 * OAuth signing keys encrypted at rest (hardening issue, item 5): the private
 * JWK moves to `private_jwk_encrypted` (AES-256-GCM under ENCRYPTION_KEY) and
 * `jwk` keeps the public part only. The key is not available to SQL, so rows
 * written before this are encrypted in place by the application when it
 * first reads them (src/oauth/signing-keys.ts).
 */
export class Migration20261124100100_oauth_keys extends Migration {
  override name = 'Migration20261124100100_oauth_keys';

  override up(): void | Promise<void> {
    this.addSql(`alter table "oauth_signing_key" add column "private_jwk_encrypted" text null;`);
  }

  override down(): void | Promise<void> {
    // SQL cannot decrypt: keys whose private part exists only encrypted are dropped (the next start makes a new one).
    this.addSql(`delete from "oauth_signing_key" where "private_jwk_encrypted" is not null;`);
    this.addSql(`alter table "oauth_signing_key" drop column "private_jwk_encrypted";`);
  }
}
