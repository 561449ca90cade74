import { resolve } from 'node:path';
import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { EntityManager } from '@mikro-orm/sql';
import { orgEntities } from '../modules/org/org.entity.js';
import { callsEntities } from '../modules/calls/calls.entity.js';
import { peopleEntities } from '../modules/people/people.entity.js';
import { AuditEvent } from '../modules/audit/audit.entity.js';
import { agentsEntities } from '../modules/agents/agents.entity.js';
import { engineEntities } from '../modules/engine/engine.entity.js';
import { OAuthModel, OAuthSigningKey } from '../oauth/oauth.entity.js';
import { OAuthConnection } from '../oauth/connections/connection.entity.js';
import { qualityEntities } from '../modules/quality/quality.entity.js';
import { releasesEntities } from '../modules/releases/releases.entity.js';
import { telephonyEntities } from '../modules/telephony/telephony.entity.js';
import { outboundEntities } from '../modules/outbound/outbound.entity.js';
import { triggersEntities } from '../modules/triggers/triggers.entity.js';
import { campaignsEntities } from '../modules/campaigns/campaigns.entity.js';
import { toolsEntities } from '../modules/tools/tools.entity.js';
import { knowledgeEntities } from '../modules/knowledge/knowledge.entity.js';
import { mcpServersEntities } from '../modules/mcp-servers/mcp-servers.entity.js';
import { integrationsEntities } from '../modules/integrations/integrations.entity.js';
import { voicesEntities } from '../modules/voices/voices.entity.js';
import { speechEntities } from '../modules/speech/speech.entity.js';
import { migrationsList } from './migrations/index.js';

export const entities = [
  ...orgEntities,
  ...callsEntities,
  ...peopleEntities,
  AuditEvent,
  OAuthModel,
  OAuthSigningKey,
  OAuthConnection,
  ...agentsEntities,
  ...engineEntities,
  ...qualityEntities,
  ...releasesEntities,
  ...telephonyEntities,
  ...outboundEntities,
  ...triggersEntities,
  ...toolsEntities,
  ...knowledgeEntities,
  ...campaignsEntities,
  ...mcpServersEntities,
  ...voicesEntities,
  ...integrationsEntities,
  ...speechEntities,
];

/**
 * Always the PostgreSQL driver: in development the embedded PGlite database is
 * reached through its wire-protocol socket (src/dev/embedded-db.ts), so every
 * environment runs the production driver (docs/decisions/0002).
 */
export type Orm = MikroORM;
export type Em = EntityManager;

export interface OrmOptions {
  url: string;
  poolMax?: number;
  debug?: boolean;
  /** Where MikroORM's own messages (migrations, discovery) go; default stdout. */
  logger?: (message: string) => void;
}

function common(options: OrmOptions) {
  return {
    ...(options.logger ? { logger: options.logger } : {}),
    entities,
    extensions: [Migrator],
    migrations: {
      migrationsList,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      emit: 'ts' as const,
      path: resolve('src/db/migrations'),
      snapshot: false,
    },
    // Entities are read through explicit queries; no implicit global context.
    allowGlobalContext: false,
    forceUtcTimezone: true,
  };
}

export async function initOrm(options: OrmOptions): Promise<Orm> {
  const config: Options = {
    ...common(options),
    clientUrl: options.url,
    pool: { min: 0, max: options.poolMax ?? 10 },
    // JIT compilation off on every connection, as a startup parameter (decision
    // 0048): the analytics queries over the buckets run in milliseconds, but
    // their cost estimates pass jit_above_cost at scale, and compiling took
    // 80-130 ms a query. The embedded development database accepts and ignores it.
    driverOptions: { options: '-c jit=off' },
    debug: options.debug ?? false,
  };
  return MikroORM.init(config);
}

export async function migrate(orm: Orm): Promise<string[]> {
  const done = await orm.migrator.up();
  return done.map((m) => m.name);
}

/**
 * Raw SQL on the ORM's connection, inside `em`'s transaction when it has one.
 * `?` placeholders; an array parameter expands to a list (`in (?)`), so pass
 * large lists as JSON (`json_array_elements_text(?::json)`).
 */
export function sql<T = Record<string, unknown>>(em: Em, query: string, params: unknown[] = []): Promise<T[]> {
  return em.getConnection().execute<T[]>(query, params, 'all', em.getTransactionContext());
}
