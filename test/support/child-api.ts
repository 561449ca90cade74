import { fileURLToPath } from 'node:url';
import { freePort } from './ports.js';
import { startChild, type Child } from './child-process.js';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

export interface ChildApi extends Child {
  baseUrl: string;
  port: number;
}

/**
 * `src/main.ts serve` in a child process (this Node, with tsx) on the test
 * database, resolved once /healthz answers. Its environment is this
 * process's (test database, Temporal address) plus `env`; its development
 * secrets live in a folder of its own.
 */
export async function startChildApi(env: Record<string, string> = {}, timeoutMs = 60_000): Promise<ChildApi> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = await startChild({
    label: 'the API process',
    args: [MAIN, 'serve'],
    dataDir: true,
    timeoutMs,
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: process.env.TEST_DATABASE_URL!,
      MIGRATE_ON_START: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    ready: () =>
      fetch(`${baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      ),
  });
  return { ...child, baseUrl, port };
}
