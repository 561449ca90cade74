import { createHash } from 'node:crypto';
import { z } from 'zod';

/** Talking calls per media process on 2 cores, as measured (decision 0061). */
const DEFAULT_MEDIA_MAX_CALLS = 20;

/**
 * One schema over the environment. Every setting has an embedded default so
 * `npm run dev` needs nothing; production sets what it must (DATABASE_URL,
 * TOKEN_SECRET, ...). A wrong value stops start-up with the variable's name.
 */
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** json: one JSON object a line (production, log shippers); pretty: coloured lines for a person (default of npm run dev). */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  TEMPORAL_ADDRESS: z.string().min(1).default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('voice-platform'),
  WORKFLOW_BUNDLE: z
    .string()
    .min(1)
    .optional()
    .describe('The prebuilt workflow bundle a worker loads; default dist/workflow-bundle.js beside the compiled code when it exists'),
  WORKER_SHUTDOWN_GRACE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(30_000)
    .describe('On SIGTERM a worker stops polling and lets running activities finish for up to this long before cancelling them'),
  TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86400).default(3600),
  RECORDING_LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  RECORDINGS_DIR: z.string().min(1).optional(),
  RECORDING_STORE: z
    .enum(['local', 's3'])
    .default('local')
    .describe('Where recording audio is kept: local (RECORDINGS_DIR, a volume every role shares) or s3 (a bucket: S3_*)'),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })
    .optional()
    .describe('An S3-compatible server (MinIO, versitygw, Ceph, R2, ...); unset: AWS S3'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{2,254}$/, 'must be a bucket name (3 or more letters, digits, dots, hyphens or underscores)')
    .optional(),
  S3_PREFIX: z
    .string()
    .refine((v) => {
      const inner = v.replace(/^\/+|\/+$/g, '');
      return inner === '' || inner.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
    }, 'must be path segments (a/b), without `.`, `..` or empty ones')
    .optional()
    .describe('Prepended to every recording key, with a slash'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.optional().describe('Bucket in the path instead of the host name; default true when S3_ENDPOINT is set'),
  TRUST_PROXY: bool.default(false),
  HTTP_DRAIN_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(600_000)
    .default(10_000)
    .describe('On SIGTERM the API finishes the requests in flight (answering Connection: close) for up to this long, then closes what is left'),
  RATE_LIMIT_PER_SECOND: z.coerce.number().positive().default(200),
  RATE_LIMIT_BURST: z.coerce.number().int().positive().default(400),
  RATE_LIMIT_STORE: z
    .enum(['postgres', 'memory'])
    .optional()
    .describe(
      'Where request limits and the sign-in throttle count: postgres (shared by every API process; the default with DATABASE_URL) or memory (per process; the default on the embedded development database)',
    ),
  MCP_ALLOWED_HOSTS: z.string().default('').describe('Extra Host values the MCP endpoint accepts, comma-separated'),
  MCP_ALLOWED_ORIGINS: z.string().default('').describe('Extra Origin values the MCP endpoint accepts, comma-separated'),
  TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** Signs the dashboard's and the OAuth server's cookies; several, comma-separated, to rotate (the first signs). */
  COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters (each key, when comma-separated)').optional(),
  /** AES-256-GCM key for secrets stored in the database (model provider API keys): 32 bytes, base64. */
  ENCRYPTION_KEY: z
    .string()
    .refine((v) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64-encoded (openssl rand -base64 32)')
    .optional(),
  /**
   * Hosts or IP addresses that outbound calls to user-supplied URLs (model providers, later webhooks and MCP
   * servers) may reach although they are private or loopback, comma-separated. Tests set 127.0.0.1.
   */
  OUTBOUND_ALLOWED_HOSTS: z.string().default(''),
  CARRIER_API_HOSTS: z
    .string()
    .optional()
    .describe(
      "The only hosts a telephony connection's base_url may name, comma-separated; default the carriers' own (api.twilio.com, api.telnyx.com), and outside production also the loopback addresses (a local fake carrier). Numbers are unique platform-wide: a connection to another API could claim anyone's number",
    ),
  /** How long one request to a model provider may take before it is abandoned (each retry gets its own). */
  MODEL_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** How long an Ask-permission request waits for the caller's answer before it expires (the action then never runs). */
  CONFIRMATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  /** Waits between webhook delivery attempts, ms, comma-separated (per trigger overridable); tests shrink it to milliseconds. */
  WEBHOOK_RETRY_SCHEDULE_MS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'must be comma-separated milliseconds')
    .default('5000,300000,1800000,7200000,18000000,36000000'),
  /** How long one webhook delivery attempt may take before it counts as failed. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** How often a worker's webhook dispatcher looks for runs it was not told of (missed NOTIFY, lapsed claims); 0: none here. */
  TRIGGER_DISPATCH_POLL_MS: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || (v >= 10 && v <= 60_000), 'must be 0 (off: other workers deliver) or 10-60000')
    .default(1000),
  /** The media runtime (`npm run media`): where it takes SIP over UDP, and the address it puts in Contact and SDP. */
  SIP_HOST: z.string().min(1).default('127.0.0.1'),
  SIP_PORT: z.coerce.number().int().min(0).max(65535).default(5060),
  /** The address peers reach this process at (behind NAT, the public one); default SIP_HOST. */
  MEDIA_PUBLIC_ADDRESS: z.string().min(1).optional(),
  /** The UDP ports RTP (even) and RTCP (odd) take, inclusive: two per call. */
  MEDIA_MAX_CALLS: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(DEFAULT_MEDIA_MAX_CALLS)
    .describe(
      'Talking calls one media process takes at once; beyond it an INVITE is answered 503 with Retry-After and a carrier stream is refused as busy, rather than every call losing audio. The default is what one process held clean on 2 cores (npm run bench -- conversation)',
    ),
  MEDIA_DIAL_WAIT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(600_000)
    .default(15_000)
    .describe(
      'An outbound SIP dial taken while its media process holds MEDIA_MAX_CALLS talking calls waits this long for one to end; then it is settled busy (nobody dialled) and a campaign tries again later',
    ),
  MEDIA_DRAIN_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(30_000)
    .describe('On SIGTERM the media role takes no new calls (503) and lets calls in progress finish for up to this long, then hangs them up'),
  /**
   * The media role alone (`npm run media`): the TCP port its carriers' media streams (WebSockets under
   * /carriers/.../stream/) are taken on; the load balancer sends those paths here. 0: any free port. Inside
   * `npm run dev` the API's own port takes them.
   */
  MEDIA_STREAM_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  RTP_PORT_MIN: z.coerce.number().int().min(1024).max(65534).default(20000),
  RTP_PORT_MAX: z.coerce.number().int().min(1025).max(65535).default(20999),
  /**
   * How long the caller's silence ends a turn whose words are not (yet) a complete phrase, unless the agent sets its
   * own: a caller who pauses mid-sentence is not cut off by less. A complete phrase ends the turn sooner (the agent's
   * turn_taking.complete_turn_silence_ms, default 200).
   */
  END_OF_TURN_SILENCE_MS: z.coerce.number().int().min(100).max(5000).default(800),
  /** How long the simulated voice provider takes to train a cloned voice; tests shrink it to a second or two. */
  VOICE_CLONE_TRAINING_MS: z.coerce.number().int().min(0).max(3_600_000).default(20_000),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  http: { host: string; port: number; publicUrl: string | undefined; trustProxy: boolean; drainTimeoutMs: number };
  log: { level: Env['LOG_LEVEL']; format: 'json' | 'pretty' };
  db: { url: string | undefined; dataDir: string; poolMax: number };
  temporal: { address: string; namespace: string; taskQueue: string; shutdownGraceMs: number; workflowBundle: string | undefined };
  auth: { tokenSecret: string; tokenTtlSeconds: number };
  /** `dir` is RECORDINGS_DIR or its default, whichever store is chosen; `store` is what recordingStoreFrom builds. */
  recordings: { linkSecret: string; dir: string; store: RecordingStoreConfig };
  limits: { perSecond: number; burst: number; tokenPerMinute: number; store: 'postgres' | 'memory' };
  mcp: { allowedHosts: string[]; allowedOrigins: string[] };
  /** Keys for signed cookies (dashboard session, OAuth interactions): the first signs, all verify. */
  cookies: { keys: string[] };
  /** Key of the secrets stored encrypted (modules/secrets). */
  secrets: { encryptionKey: Buffer };
  /** `carrierHosts`: what a telephony connection's base_url may name (CARRIER_API_HOSTS, decision 0056). */
  outbound: { allowedHosts: string[]; carrierHosts: string[] };
  engine: { modelTimeoutMs: number; confirmationTimeoutMs: number };
  triggers: { retryScheduleMs: number[]; timeoutMs: number; dispatchPollMs: number };
  voices: { simulatedTrainingMs: number };
  media: {
    sipHost: string;
    sipPort: number;
    publicAddress: string;
    rtpPortMin: number;
    rtpPortMax: number;
    endOfTurnSilenceMs: number;
    drainTimeoutMs: number;
    streamPort: number;
    maxCalls: number;
    dialWaitMs: number;
  };
}

export type RecordingStoreConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      prefix: string | undefined;
      forcePathStyle: boolean;
      /** Unset: the AWS SDK's default credential chain (environment, shared files, web identity, instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Public fallback secrets, for tests and library callers that serve nothing.
 * The entry points (`dev`, `serve`, `worker`, the CLI) never use them: outside
 * production they fill unset secrets from the data folder's generated
 * `secrets.json` first (src/dev/dev-secrets.ts); production refuses to start
 * without real ones.
 */
const DEV_SECRET = 'dev-only-secret-change-me-in-production-0123456789';

/** The carriers' own API hosts: the default of CARRIER_API_HOSTS. */
export const CARRIER_HOSTS = ['api.twilio.com', 'api.telnyx.com'];

const list = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  const e = parsed.data;
  const missing: string[] = [];
  if (e.NODE_ENV === 'production') {
    if (!e.DATABASE_URL) missing.push('DATABASE_URL: required in production');
    if (!e.TOKEN_SECRET) missing.push('TOKEN_SECRET: required in production');
    if (!e.RECORDING_LINK_SECRET) missing.push('RECORDING_LINK_SECRET: required in production');
    if (!e.COOKIE_SECRET) missing.push('COOKIE_SECRET: required in production');
    if (!e.ENCRYPTION_KEY) missing.push('ENCRYPTION_KEY: required in production (32 bytes, base64)');
    // The OAuth issuer and the MCP audience are built from it: a guess from the bind address would be wrong behind a proxy.
    if (!e.PUBLIC_URL) missing.push('PUBLIC_URL: required in production (the OAuth issuer and the MCP address derive from it)');
  }
  const cookieKeys = (e.COOKIE_SECRET ?? `${DEV_SECRET}-cookies`)
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  if (e.RTP_PORT_MAX - e.RTP_PORT_MIN < 3) missing.push('RTP_PORT_MAX: the RTP range needs at least four ports (two per call)');
  if (cookieKeys.some((k) => k.length < 32)) missing.push('COOKIE_SECRET: each comma-separated key must be at least 32 characters');
  if (e.RECORDING_STORE === 's3' && !e.S3_BUCKET) missing.push('S3_BUCKET: required when RECORDING_STORE=s3');
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    missing.push(`${e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: set both S3 keys, or neither (the SDK's credential chain)`);
  }
  if (missing.length) throw new ConfigError(missing);
  const recordingsDir = e.RECORDINGS_DIR ?? `${e.DATA_DIR}/recordings`;
  return {
    env: e.NODE_ENV,
    http: { host: e.HOST, port: e.PORT, publicUrl: e.PUBLIC_URL, trustProxy: e.TRUST_PROXY, drainTimeoutMs: e.HTTP_DRAIN_TIMEOUT_MS },
    log: { level: e.LOG_LEVEL, format: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json') },
    db: { url: e.DATABASE_URL, dataDir: e.DATA_DIR, poolMax: e.DB_POOL_MAX },
    temporal: {
      address: e.TEMPORAL_ADDRESS,
      namespace: e.TEMPORAL_NAMESPACE,
      taskQueue: e.TEMPORAL_TASK_QUEUE,
      shutdownGraceMs: e.WORKER_SHUTDOWN_GRACE_MS,
      workflowBundle: e.WORKFLOW_BUNDLE,
    },
    auth: { tokenSecret: e.TOKEN_SECRET ?? DEV_SECRET, tokenTtlSeconds: e.TOKEN_TTL_SECONDS },
    recordings: {
      linkSecret: e.RECORDING_LINK_SECRET ?? `${DEV_SECRET}-recordings`,
      dir: recordingsDir,
      store:
        e.RECORDING_STORE === 's3'
          ? {
              kind: 's3',
              bucket: e.S3_BUCKET!,
              region: e.S3_REGION,
              endpoint: e.S3_ENDPOINT,
              prefix: e.S3_PREFIX,
              forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
              credentials:
                e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
            }
          : { kind: 'local', dir: recordingsDir },
    },
    mcp: { allowedHosts: list(e.MCP_ALLOWED_HOSTS), allowedOrigins: list(e.MCP_ALLOWED_ORIGINS) },
    limits: {
      perSecond: e.RATE_LIMIT_PER_SECOND,
      burst: e.RATE_LIMIT_BURST,
      tokenPerMinute: e.TOKEN_RATE_LIMIT_PER_MINUTE,
      store: e.RATE_LIMIT_STORE ?? (e.DATABASE_URL ? 'postgres' : 'memory'),
    },
    cookies: { keys: cookieKeys },
    secrets: {
      // The dev key is derived like the other dev secrets: stable across restarts, useless in production (refused there).
      encryptionKey: e.ENCRYPTION_KEY ? Buffer.from(e.ENCRYPTION_KEY, 'base64') : createHash('sha256').update(`${DEV_SECRET}-encryption`).digest(),
    },
    outbound: {
      allowedHosts: list(e.OUTBOUND_ALLOWED_HOSTS).map((h) => h.toLowerCase()),
      carrierHosts:
        e.CARRIER_API_HOSTS !== undefined
          ? list(e.CARRIER_API_HOSTS).map((h) => h.toLowerCase())
          : [...CARRIER_HOSTS, ...(e.NODE_ENV === 'production' ? [] : ['127.0.0.1', 'localhost', '::1'])],
    },
    engine: { modelTimeoutMs: e.MODEL_TIMEOUT_MS, confirmationTimeoutMs: e.CONFIRMATION_TIMEOUT_MS },
    triggers: {
      retryScheduleMs: e.WEBHOOK_RETRY_SCHEDULE_MS.split(',').map(Number),
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      dispatchPollMs: e.TRIGGER_DISPATCH_POLL_MS,
    },
    voices: { simulatedTrainingMs: e.VOICE_CLONE_TRAINING_MS },
    media: {
      sipHost: e.SIP_HOST,
      sipPort: e.SIP_PORT,
      publicAddress: e.MEDIA_PUBLIC_ADDRESS ?? e.SIP_HOST,
      rtpPortMin: e.RTP_PORT_MIN,
      rtpPortMax: e.RTP_PORT_MAX,
      endOfTurnSilenceMs: e.END_OF_TURN_SILENCE_MS,
      drainTimeoutMs: e.MEDIA_DRAIN_TIMEOUT_MS,
      streamPort: e.MEDIA_STREAM_PORT,
      maxCalls: e.MEDIA_MAX_CALLS,
      dialWaitMs: e.MEDIA_DIAL_WAIT_MS,
    },
  };
}
