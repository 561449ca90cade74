import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config.js';

/**
 * JSON lines in production; readable, coloured lines in development (`npm run dev`, LOG_FORMAT=pretty), written
 * synchronously to stdout by pino-pretty in this thread. Every request line carries its request_id
 * (http/middleware/request-context.ts).
 */
export function createLogger(config: Pick<Config, 'log'>): Logger {
  const options = { level: config.log.level, base: { service: 'voice-agent-platform' } };
  if (config.log.format === 'pretty') {
    return pino(options, pretty({ colorize: process.stdout.isTTY, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service', sync: true }));
  }
  return pino(options);
}
