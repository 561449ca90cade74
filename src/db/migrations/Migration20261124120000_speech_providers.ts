import { Migration } from '@mikro-orm/migrations';

/** speech_provider: an organization's speech services (Deepgram, ElevenLabs, OpenAI-compatible audio), keys encrypted like model_provider's. */
export class Migration20261124120000_speech_providers extends Migration {
  override name = 'Migration20261124120000_speech_providers';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "speech_provider" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "name" varchar(100) not null, "kind" varchar(30) not null, "base_url" varchar(500) null, "api_key_encrypted" text not null, "stt_model" varchar(200) null, "tts_model" varchar(200) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "speech_provider" add constraint "speech_provider_org_name_unique" unique ("organization_id", "name");`);
    this.addSql(
      `alter table "speech_provider" add constraint "speech_provider_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "speech_provider" cascade;`);
  }
}
