import { resolve } from 'node:path';
import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { EntityManager } from '@mikro-orm/sql';
import { migrationsList } from './migrations/index.js';

/**
 * Always the PostgreSQL driver: in development the embedded PGlite database is
 * reached through its wire-protocol socket (src/dev/embedded-db.ts), so every
 * environment runs the production driver (docs/decisions/0002).
 */
export type Orm = MikroORM;
export type Em = EntityManager;

export interface OrmOptions {
  /** Every entity the database holds (src/entities.ts). */
  entities: NonNullable<Options['entities']>;
  url: string;
  poolMax?: number;
  debug?: boolean;
  /** Where MikroORM's own messages (migrations, discovery) go; default stdout. */
  logger?: (message: string) => void;
}

function common(options: OrmOptions) {
  return {
    ...(options.logger ? { logger: options.logger } : {}),
    entities: options.entities,
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
