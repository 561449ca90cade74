import { z } from 'zod';

/**
 * One schema over the environment. Every setting has an embedded default so
 * `npm run dev` needs nothing; production sets what it must (DATABASE_URL,
 * TOKEN_SECRET, ...). A wrong value stops start-up with the variable's name.
 */
const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  TEMPORAL_ADDRESS: z.string().min(1).default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('voice-platform'),
  TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86400).default(3600),
  RECORDING_LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  RECORDINGS_DIR: z.string().min(1).optional(),
  TRUST_PROXY: bool.default(false),
  RATE_LIMIT_PER_SECOND: z.coerce.number().positive().default(200),
  RATE_LIMIT_BURST: z.coerce.number().int().positive().default(400),
  TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  http: { host: string; port: number; publicUrl: string | undefined; trustProxy: boolean };
  log: { level: Env['LOG_LEVEL'] };
  db: { url: string | undefined; dataDir: string; poolMax: number };
  temporal: { address: string; namespace: string; taskQueue: string };
  auth: { tokenSecret: string; tokenTtlSeconds: number };
  recordings: { linkSecret: string; dir: string };
  limits: { perSecond: number; burst: number; tokenPerMinute: number };
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Dev-only secrets: production refuses to start without real ones. */
const DEV_SECRET = 'dev-only-secret-change-me-in-production-0123456789';

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const missing: string[] = [];
  if (e.NODE_ENV === 'production') {
    if (!e.DATABASE_URL) missing.push('DATABASE_URL: required in production');
    if (!e.TOKEN_SECRET) missing.push('TOKEN_SECRET: required in production');
    if (!e.RECORDING_LINK_SECRET) missing.push('RECORDING_LINK_SECRET: required in production');
  }
  if (missing.length) throw new ConfigError(missing);
  return {
    env: e.NODE_ENV,
    http: { host: e.HOST, port: e.PORT, publicUrl: e.PUBLIC_URL, trustProxy: e.TRUST_PROXY },
    log: { level: e.LOG_LEVEL },
    db: { url: e.DATABASE_URL, dataDir: e.DATA_DIR, poolMax: e.DB_POOL_MAX },
    temporal: {
      address: e.TEMPORAL_ADDRESS,
      namespace: e.TEMPORAL_NAMESPACE,
      taskQueue: e.TEMPORAL_TASK_QUEUE,
    },
    auth: { tokenSecret: e.TOKEN_SECRET ?? DEV_SECRET, tokenTtlSeconds: e.TOKEN_TTL_SECONDS },
    recordings: {
      linkSecret: e.RECORDING_LINK_SECRET ?? `${DEV_SECRET}-recordings`,
      dir: e.RECORDINGS_DIR ?? `${e.DATA_DIR}/recordings`,
    },
    limits: { perSecond: e.RATE_LIMIT_PER_SECOND, burst: e.RATE_LIMIT_BURST, tokenPerMinute: e.TOKEN_RATE_LIMIT_PER_MINUTE },
  };
}
