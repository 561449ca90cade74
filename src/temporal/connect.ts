import { Client, Connection, ServiceError, defaultGrpcRetryOptions, isGrpcServiceError, makeGrpcRetryInterceptor } from '@temporalio/client';
import type { Logger } from 'pino';
import { errorChain } from './deadline.js';

/** gRPC status codes that mean "the workflow service cannot be reached now": UNAVAILABLE and DEADLINE_EXCEEDED. */
const UNREACHABLE_CODES = new Set([14, 4]);

/**
 * The API's calls to Temporal retry a few times within about a second, then
 * fail: a request then answers 503 with Retry-After at once, instead of the
 * SDK's default ten attempts over about 20 seconds (issue #12).
 */
export const API_RPC_RETRY = defaultGrpcRetryOptions({ maxAttempts: 4, maxIntervalMs: () => 500 });

export interface TemporalLink {
  client: Client;
  connection: Connection;
}

/** Connects (eagerly: throws when the server does not answer within `connectTimeoutMs`). */
export async function connectTemporal(options: { address: string; namespace: string; connectTimeoutMs?: number; fastFail?: boolean }): Promise<TemporalLink> {
  const connection = await Connection.connect({
    address: options.address,
    connectTimeout: options.connectTimeoutMs ?? 5000,
    ...(options.fastFail ? { interceptors: [makeGrpcRetryInterceptor(API_RPC_RETRY)] } : {}),
  });
  return { connection, client: new Client({ connection, namespace: options.namespace }) };
}

/**
 * Whether an error says the workflow service is unreachable (down, restarting,
 * the network gone), anywhere along its causes, as opposed to an answer from it.
 */
export function isTemporalUnavailable(error: unknown): boolean {
  return errorChain(error).some((e) => {
    if (isGrpcServiceError(e) && UNREACHABLE_CODES.has(e.code)) return true;
    if (e instanceof ServiceError && /UNAVAILABLE|DEADLINE_EXCEEDED|connect/i.test(e.message)) return true;
    const name = (e as { name?: unknown }).name;
    return name === 'TransportError' || name === 'ConnectionError';
  });
}

/**
 * Keeps trying to connect until it succeeds, then hands the link over: an
 * API process started while Temporal was down becomes ready once it answers,
 * without a restart. Backs off from 1 s to 10 s. Returns a stop function.
 */
export function keepConnecting(
  options: { address: string; namespace: string; fastFail?: boolean },
  onConnected: (link: TemporalLink) => void,
  logger: Pick<Logger, 'info' | 'warn'>,
): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let delay = 1000;
  const attempt = async () => {
    try {
      const link = await connectTemporal({ ...options, connectTimeoutMs: 3000 });
      if (stopped) return void (await link.connection.close());
      logger.info({ address: options.address }, 'Temporal is reachable again: workflows can start');
      onConnected(link);
    } catch (error) {
      if (stopped) return;
      logger.warn({ err: error, retry_in_ms: delay }, 'Temporal is still not reachable');
      timer = setTimeout(() => void attempt(), delay);
      timer.unref();
      delay = Math.min(10_000, delay * 2);
    }
  };
  timer = setTimeout(() => void attempt(), delay);
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
