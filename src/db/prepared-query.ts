import type { PostgreSqlConnection } from '@mikro-orm/postgresql';
import type { Em } from './orm.js';

/** False once a server showed that it shares one session between several of our connections. */
let namedStatements = true;

/**
 * A read-only statement run as a named prepared statement on the ORM's own
 * `pg` pool, with `$1`-style parameters. PostgreSQL then parses and plans it
 * once per pooled connection instead of on every call: for the hot read paths
 * whose planning costs more than their execution (a session built as JSON
 * plans in about 150 µs and runs in about 100 µs). The ORM's `sql()` cannot
 * do this: it inlines the parameters into the text, so every call is a new
 * statement.
 *
 * Named statements belong to a server session. Where several connections
 * share one (the embedded PGlite behind its socket server in development, a
 * pooler in transaction mode), the second connection to prepare a name is
 * refused (42P05), or a statement is missing on the session a pooler picked
 * (26000): then this falls back to unnamed statements for the rest of the
 * process, which behave like `sql()`.
 *
 * `name` must be unique per `text` in the process. Runs on a pooled
 * connection of its own, so never inside `em`'s transaction (it refuses to),
 * and does not appear in the ORM's query log.
 */
export async function preparedQuery<T>(em: Em, name: string, text: string, values: unknown[]): Promise<T[]> {
  if (em.getTransactionContext()) throw new Error(`preparedQuery(${name}) cannot run inside a transaction`);
  const pool = await (em.getConnection() as unknown as PostgreSqlConnection).getNativeClient();
  if (namedStatements) {
    try {
      return (await pool.query({ name, text, values })).rows as T[];
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code !== '42P05' && code !== '26000') throw error;
      namedStatements = false;
    }
  }
  return (await pool.query(text, values)).rows as T[];
}
