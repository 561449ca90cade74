import pino, { type Logger } from 'pino';
import type { Config } from './config.js';

/** JSON lines; every request line carries its request_id (http/middleware/request-context.ts). */
export function createLogger(config: Config): Logger {
  return pino({ level: config.log.level, base: { service: 'voice-agent-platform' } });
}
