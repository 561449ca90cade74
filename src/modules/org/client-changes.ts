import type { Logger } from 'pino';
import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { listenToChannel, type ChannelListener } from '../../db/listen.js';

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

export type ClientChangeListener = ChannelListener;

/** `onChange(undefined)`: changes may have been missed, forget every cached client. */
export function listenForClientChanges(
  url: string,
  onChange: (clientId: string | undefined) => void,
  logger: Pick<Logger, 'info' | 'warn'>,
): ClientChangeListener {
  return listenToChannel(url, CLIENT_CHANGES_CHANNEL, onChange, logger, 'API client change listener (cached clients are forgotten until it is back)');
}
