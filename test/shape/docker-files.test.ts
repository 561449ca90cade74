import { describe, it, expect } from '@jest/globals';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * docker-compose.yml as Debian's docker-compose reads it (issue #12: it did
 * not parse). No Docker engine runs here, so this is what can be checked:
 * the file parses and resolves, the secrets are required with a message that
 * names them, and the shape is the documented one (docs/deploy.md).
 */
const run = promisify(execFile);
const SECRETS = {
  TOKEN_SECRET: 't'.repeat(40),
  RECORDING_LINK_SECRET: 'r'.repeat(40),
  COOKIE_SECRET: 'c'.repeat(40),
  ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
};

async function compose(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !(k in SECRETS))) as Record<string, string>;
  try {
    const { stdout, stderr } = await run('docker-compose', ['config'], { env: { ...clean, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number | string; stdout?: string; stderr?: string };
    if (e.code === 'ENOENT') throw new Error('docker-compose is not installed: apt-get install docker-compose (npm test installs it)');
    return { code: Number(e.code), stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

describe('docker-compose.yml', () => {
  it('parses and resolves, with the production shape: schema, migrations, two API processes behind HAProxy, two workers, media', async () => {
    const { code, stdout, stderr } = await compose(SECRETS);
    expect([code, stderr]).toEqual([0, expect.any(String)]);
    for (const service of ['postgres:', 'temporal-schema:', 'temporal:', 'temporal-namespace:', 'migrate:', 'api:', 'lb:', 'worker:', 'media:']) {
      expect(stdout).toContain(`  ${service}`);
    }
    expect(stdout).not.toContain('auto-setup');
    expect(stdout).toMatch(/api:[\s\S]*?replicas: 2/);
    expect(stdout).toMatch(/worker:[\s\S]*?replicas: 2/);
    expect(stdout).toContain(`ENCRYPTION_KEY: ${SECRETS.ENCRYPTION_KEY}`);
    expect(stdout).toContain('service_completed_successfully');
  });

  it('refuses to resolve without the secrets, naming what to set', async () => {
    const { code, stderr } = await compose({});
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/set (TOKEN_SECRET|RECORDING_LINK_SECRET|COOKIE_SECRET|ENCRYPTION_KEY)/);
  });
});
