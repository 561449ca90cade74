import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Secrets for a non-production instance (`npm run dev`, and `serve`, `worker`
 * or the CLI run without NODE_ENV=production): generated at random on the
 * first start, kept in `<DATA_DIR>/secrets.json` (mode 0600, in the
 * gitignored data folder) and reused by every later start, so tokens,
 * cookies, recording links and stored secrets survive restarts without
 * anyone knowing them in advance. Values set in the environment win.
 * Production never gets here: it refuses to start without its own
 * (src/config.ts).
 *
 * Limit: deleting the file (or the data folder) makes new secrets, and what
 * was encrypted under the old ENCRYPTION_KEY (provider API keys, webhook
 * secrets, OAuth signing keys) no longer decrypts.
 */
export const DEV_SECRET_VARIABLES = ['TOKEN_SECRET', 'RECORDING_LINK_SECRET', 'COOKIE_SECRET', 'ENCRYPTION_KEY'] as const;
type SecretName = (typeof DEV_SECRET_VARIABLES)[number];

/** The data folder's default, as in src/config.ts (DATA_DIR). */
const DEFAULT_DATA_DIR = '.data';

export const devSecretsPath = (dataDir: string) => resolve(dataDir, 'secrets.json');

const generate: Record<SecretName, () => string> = {
  TOKEN_SECRET: () => randomBytes(32).toString('base64url'),
  RECORDING_LINK_SECRET: () => randomBytes(32).toString('base64url'),
  COOKIE_SECRET: () => randomBytes(32).toString('base64url'),
  // AES-256-GCM key: exactly 32 bytes, base64 (what config.ts checks).
  ENCRYPTION_KEY: () => randomBytes(32).toString('base64'),
};

function readSecrets(path: string): Partial<Record<SecretName, string>> | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    return parsed as Partial<Record<SecretName, string>>;
  } catch (error) {
    // Regenerating would silently orphan everything encrypted under the old key: say so instead.
    throw new Error(
      `${path} is not valid JSON (${(error as Error).message}): fix it, or delete it to generate new secrets (data encrypted under the old ones is then lost)`,
    );
  }
}

/**
 * The secrets of the data folder, created (or completed) on first use. The
 * first writer wins a race (exclusive create), so a CLI and `npm run dev`
 * starting together agree.
 */
export function loadDevSecrets(dataDir: string): Record<SecretName, string> {
  const path = devSecretsPath(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const existing = readSecrets(path);
  if (!existing) {
    const fresh = Object.fromEntries(DEV_SECRET_VARIABLES.map((name) => [name, generate[name]()])) as Record<SecretName, string>;
    try {
      writeFileSync(path, `${JSON.stringify(fresh, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
      return fresh;
    } catch (error) {
      // Another process created it between our read and write: use its secrets.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const stored = existing ?? readSecrets(path) ?? {};
  const missing = DEV_SECRET_VARIABLES.filter((name) => typeof stored[name] !== 'string' || !stored[name]);
  const complete = { ...stored, ...Object.fromEntries(missing.map((name) => [name, generate[name]()])) } as Record<SecretName, string>;
  if (missing.length) writeFileSync(path, `${JSON.stringify(complete, null, 2)}\n`, { mode: 0o600 });
  // Someone may have copied it with a looser mode: only the owner reads secrets.
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  return complete;
}

/**
 * Fills the secrets `env` does not set from the data folder, in place (the
 * process environment at start-up, so every later `loadConfig(process.env)`
 * of this process, activities included, sees the same values). Does nothing
 * in production.
 */
export function applyDevSecrets(env: NodeJS.ProcessEnv, nodeEnv = env.NODE_ENV ?? 'development'): void {
  if (nodeEnv === 'production') return;
  const unset = DEV_SECRET_VARIABLES.filter((name) => !env[name]);
  if (!unset.length) return;
  const secrets = loadDevSecrets(env.DATA_DIR || DEFAULT_DATA_DIR);
  for (const name of unset) env[name] = secrets[name];
}
