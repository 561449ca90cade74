import { fileURLToPath } from 'node:url';
import { startChild, type Child } from './child-process.js';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

export type ChildMedia = Child;

/**
 * `src/main.ts media` in a child process (this Node, with tsx) on the test
 * database and Temporal server, resolved once it says it runs. Its
 * environment is this process's plus `env` (MEDIA_STREAM_PORT, PUBLIC_URL,
 * TEMPORAL_TASK_QUEUE...); its development secrets live in a folder of its own.
 */
export async function startChildMedia(env: Record<string, string>, timeoutMs = 60_000): Promise<ChildMedia> {
  const rtpMin = 30_000 + 2 * Math.floor(Math.random() * 2000);
  return startChild({
    label: 'the media process',
    args: [MAIN, 'media'],
    dataDir: true,
    timeoutMs,
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: process.env.TEST_DATABASE_URL!,
      SIP_HOST: '127.0.0.1',
      SIP_PORT: '0',
      RTP_PORT_MIN: String(rtpMin),
      RTP_PORT_MAX: String(rtpMin + 99),
      LOG_LEVEL: 'info',
      ...env,
    },
    ready: (output) => output.includes('media runtime running'),
  });
}
