import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, expect, afterAll } from '@jest/globals';
import { loadConfig, type Config } from '../../src/config.js';
import { applyDevSecrets, devSecretsPath } from '../../src/dev/dev-secrets.js';

/**
 * `npm run dev` (and `serve`, `worker`, the CLI outside production) no longer
 * run on public default secrets (hardening issue, item 6): the data folder
 * holds random ones made on the first start and reused after.
 */
const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'vp-dev-secrets-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** What `dev` does: fill the environment from the data folder, then read the configuration. */
function devConfig(dataDir: string, extra: Record<string, string> = {}): Config {
  const env: NodeJS.ProcessEnv = { DATA_DIR: dataDir, ...extra };
  applyDevSecrets(env, 'development');
  return loadConfig({ NODE_ENV: 'development', ...env });
}

const secretsOf = (c: Config) => ({
  token: c.auth.tokenSecret,
  recordings: c.recordings.linkSecret,
  cookies: c.cookies.keys.join(','),
  encryption: c.secrets.encryptionKey.toString('base64'),
});

describe('dev secrets', () => {
  it('are generated on the first start, kept in <DATA_DIR>/secrets.json (0600) and reused', () => {
    const dir = folder();
    const first = secretsOf(devConfig(dir));
    expect(statSync(devSecretsPath(dir)).mode & 0o777).toBe(0o600);
    const second = secretsOf(devConfig(dir));
    expect(second).toEqual(first);
    expect(JSON.parse(readFileSync(devSecretsPath(dir), 'utf8'))).toMatchObject({ TOKEN_SECRET: first.token, ENCRYPTION_KEY: first.encryption });
  });

  it('differ between data folders, and none is a public default', () => {
    const a = secretsOf(devConfig(folder()));
    const b = secretsOf(devConfig(folder()));
    // What loadConfig falls back to without them: the same in every checkout.
    const publicDefaults = secretsOf(loadConfig({}));
    for (const name of Object.keys(a) as (keyof typeof a)[]) {
      expect(a[name]).not.toBe(b[name]);
      expect(a[name]).not.toBe(publicDefaults[name]);
      expect(b[name]).not.toBe(publicDefaults[name]);
    }
    expect(Buffer.from(a.encryption, 'base64')).toHaveLength(32);
  });

  it('leave secrets set in the environment alone, complete a partial file and tighten a loose mode', () => {
    const dir = folder();
    const own = 'x'.repeat(40);
    expect(devConfig(dir, { TOKEN_SECRET: own }).auth.tokenSecret).toBe(own);
    writeFileSync(devSecretsPath(dir), JSON.stringify({ TOKEN_SECRET: 'y'.repeat(40) }));
    chmodSync(devSecretsPath(dir), 0o644);
    const c = devConfig(dir);
    expect(c.auth.tokenSecret).toBe('y'.repeat(40));
    expect(c.cookies.keys[0]).toHaveLength(43);
    expect(statSync(devSecretsPath(dir)).mode & 0o777).toBe(0o600);
    expect(devConfig(dir).cookies.keys).toEqual(c.cookies.keys);
  });

  it('refuses a secrets file that is not JSON instead of silently replacing it', () => {
    const dir = folder();
    writeFileSync(devSecretsPath(dir), '{not json');
    expect(() => devConfig(dir)).toThrow(/secrets\.json is not valid JSON/);
  });

  it('are never used in production, which still refuses to start without its own', () => {
    const dir = folder();
    const env: NodeJS.ProcessEnv = { NODE_ENV: 'production', DATA_DIR: dir, DATABASE_URL: 'postgres://x/y', PUBLIC_URL: 'https://voice.example.com' };
    applyDevSecrets(env);
    expect(env.TOKEN_SECRET).toBeUndefined();
    expect(() => statSync(devSecretsPath(dir))).toThrow();
    expect(() => loadConfig(env)).toThrow(/TOKEN_SECRET[\s\S]*RECORDING_LINK_SECRET[\s\S]*COOKIE_SECRET[\s\S]*ENCRYPTION_KEY/);
  });
});
