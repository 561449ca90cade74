import pg from 'pg';
import type { Logger } from 'pino';
import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';

/**
 * Revoking an API client takes effect on every API process at once (issue 12).
 * Each process caches client rows for a few seconds (api-clients.ts); the
 * revoking process, which may be the CLI, announces the change with
 * PostgreSQL's NOTIFY on CHANNEL, and every API process LISTENs on a
 * connection of its own and drops that client from its cache. While the
 * listening connection is down (a database restart) the process forgets its
 * whole cache and reconnects with backoff; the cache's own expiry still bounds
 * staleness meanwhile.
 */
export const CLIENT_CHANGES_CHANNEL = 'api_client_changed';

/** Announces a changed client to every process (delivered when `em`'s transaction, if any, commits). */
export async function announceClientChange(em: Em, clientId: string): Promise<void> {
  await sql(em, 'select pg_notify(?, ?)', [CLIENT_CHANGES_CHANNEL, clientId]);
}

export interface ClientChangeListener {
  /** Resolves once the first LISTEN is in place. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function listenForClientChanges(
  url: string,
  onChange: (clientId: string | undefined) => void,
  logger: Pick<Logger, 'info' | 'warn'>,
): ClientChangeListener {
  let client: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let delay = 500;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const lost = (error: unknown) => {
    if (closed) return;
    logger.warn({ err: error, retry_in_ms: delay }, 'lost the API client change listener: cached clients are forgotten until it is back');
    client?.removeAllListeners();
    void client?.end().catch(() => {});
    client = undefined;
    onChange(undefined);
    timer = setTimeout(() => void connect(), delay);
    timer.unref();
    delay = Math.min(10_000, delay * 2);
  };

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: url, application_name: 'client-change-listener' });
    next.on('error', lost);
    next.on('end', () => lost(new Error('connection ended')));
    next.on('notification', (message) => {
      if (message.channel === CLIENT_CHANGES_CHANNEL) onChange(message.payload || undefined);
    });
    try {
      client = next;
      await next.connect();
      await next.query(`LISTEN ${CLIENT_CHANGES_CHANNEL}`);
      if (closed) return void (await next.end().catch(() => {}));
      // Changes made while no one listened were missed: start from an empty cache.
      onChange(undefined);
      delay = 500;
      markReady();
    } catch (error) {
      if (client === next) lost(error);
    }
  };
  void connect();

  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(timer);
      const current = client;
      client = undefined;
      current?.removeAllListeners();
      await current?.end().catch(() => {});
    },
  };
}
