import pg from 'pg';
import type { Logger } from 'pino';

/**
 * A PostgreSQL LISTEN on a connection of its own, kept up: while the connection
 * is down (a database restart) it reconnects with backoff. `onNotify` gets each
 * notification's payload, and `undefined` whenever notifications may have been
 * missed (the connection was lost, or it is listening again), so the caller
 * catches up from the database instead of trusting what it was told.
 */
export interface ChannelListener {
  /** Resolves once the first LISTEN is in place. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function listenToChannel(
  url: string,
  channel: string,
  onNotify: (payload: string | undefined) => void,
  logger: Pick<Logger, 'warn'>,
  what: string,
): ChannelListener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new RangeError(`not a plain channel name: ${channel}`);
  let client: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let delay = 500;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const lost = (error: unknown) => {
    if (closed) return;
    logger.warn({ err: error, retry_in_ms: delay, channel }, `lost the ${what}: reconnecting`);
    client?.removeAllListeners();
    void client?.end().catch(() => {});
    client = undefined;
    onNotify(undefined);
    timer = setTimeout(() => void connect(), delay);
    timer.unref();
    delay = Math.min(10_000, delay * 2);
  };

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: url, application_name: channel.replace(/_/g, '-') });
    next.on('error', lost);
    next.on('end', () => lost(new Error('connection ended')));
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload || undefined);
    });
    try {
      client = next;
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (closed) return void (await next.end().catch(() => {}));
      // Whatever was announced while no one listened was missed: catch up.
      onNotify(undefined);
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
