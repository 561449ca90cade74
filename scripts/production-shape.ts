// The production shape on one machine, without Docker (issue 12): the real Temporal server on PostgreSQL,
// API processes behind Debian's HAProxy, worker processes, media processes (SIP/RTP), the app's own database
// and, with `recordings: 's3'`, an S3-compatible server holding the recordings. `npm run shape` starts it
// and stops it on Ctrl-C; test/shape/production-shape.test.ts drives faults through it.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, createWriteStream, existsSync, statSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createSocket } from 'node:dgram';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { findTemporalServer, type TemporalServerBinaries } from '../src/temporal/server-binary.js';
import { findTemporalCli } from '../src/temporal/cli-binary.js';
import { loadDevSecrets } from '../src/dev/dev-secrets.js';
import { findS3Server, s3ServerArgs } from '../src/dev/s3-server-binary.js';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..');

export interface ShapeOptions {
  /** PostgreSQL as an administrator (databases are created on it): default postgresql://postgres@127.0.0.1:5432/postgres. */
  adminUrl?: string;
  /** Names the databases (`<name>_app`, `<name>_temporal`, `<name>_temporal_visibility`); dropped first. */
  name?: string;
  apis?: number;
  workers?: number;
  /** Media processes (SIP/RTP calls), each on a SIP port and an RTP range of its own: default 0. */
  media?: number;
  /**
   * Where recordings go: `local` (the default), a folder every role shares, or `s3`: an S3-compatible server of
   * the shape's own (versitygw, built with Go like the Temporal server) with a bucket, as production keeps them.
   */
  recordings?: 'local' | 's3';
  /** Extra environment for the app's processes. */
  env?: Record<string, string>;
  /**
   * What the app's processes run: `build` (the default) is the production build as the image holds it: the
   * compiled JavaScript, the workflow bundle made ahead of time, and only the production dependencies; `sources`
   * runs src/ through tsx (quicker to start after an edit).
   */
  app?: 'build' | 'sources';
  log?: (message: string) => void;
}

export type Role = 'api' | 'worker' | 'media' | 'temporal' | 'haproxy' | 's3';

export interface ShapeProcess {
  role: Role;
  index: number;
  process: ChildProcess;
  logFile: string;
  /** The API's own port (API processes); the SIP port (UDP, media processes). */
  port?: number;
  /** Where this run of the process starts in its log file (a restarted process appends to the same file). */
  logOffset: number;
}

export interface Shape {
  /** The balancer's address: every REST request of a client goes here. */
  url: string;
  /** The API processes' own addresses. */
  apiUrls: string[];
  /** Each media process's SIP address (`127.0.0.1:<port>`, UDP), by index. */
  sipAddresses: string[];
  /** With `recordings: 's3'`: the server, its bucket and where the bucket's objects are files on disk. */
  s3?: { endpoint: string; bucket: string; root: string };
  temporalAddress: string;
  databaseUrl: string;
  taskQueue: string;
  /** The app processes' environment (secrets included): a test's own config reads the same database and keys. */
  env: Record<string, string>;
  dir: string;
  processes: ShapeProcess[];
  /** Sends `signal` to one process and waits for it to exit. */
  kill(role: Role, index: number, signal: NodeJS.Signals): Promise<void>;
  /** Starts a stopped process of the role again (same ports and settings) and waits until it is ready. */
  restart(role: Role, index: number): Promise<void>;
  /** How the process of the role last exited (null fields while it runs). */
  exit(role: Role, index: number): { code: number | null; signal: NodeJS.Signals | null };
  /** The process's output so far, for failure messages. */
  output(role: Role, index: number): string;
  stop(): Promise<void>;
}

/**
 * A free loopback port: any (the kernel's pick), or for Temporal's services one in 12000-31999, because its
 * cluster membership table keeps ports in a smallint (a port above 32767 stops the server at start).
 */
async function freePort(range?: 'smallint'): Promise<number> {
  for (let tries = 0; ; tries++) {
    const wanted = range ? 12_000 + Math.floor(Math.random() * 20_000) : 0;
    const server = createServer();
    const ok = await new Promise<boolean>((r) => {
      server.once('error', () => r(false));
      server.listen(wanted, '127.0.0.1', () => r(true));
    });
    if (!ok) {
      if (tries > 50) throw new Error('no free port found');
      continue;
    }
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((r) => server.close(() => r()));
    return port;
  }
}

/** A free loopback UDP port (a media process's SIP port). */
async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((r) => socket.bind(0, '127.0.0.1', () => r()));
  const { port } = socket.address();
  await new Promise<void>((r) => socket.close(() => r()));
  return port;
}

/** Whether the process's log holds `line` since its current run started. */
const logged = (p: ShapeProcess, line: string) => readFileSync(p.logFile).subarray(p.logOffset).includes(line);

async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs: number, proc?: ShapeProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (proc && proc.process.exitCode !== null)
      throw new Error(`${what}: the process exited (${proc.process.exitCode}); see ${proc.logFile}:\n${tail(proc.logFile)}`);
    if (Date.now() > deadline) throw new Error(`${what}: not ready within ${timeoutMs} ms${proc ? `; see ${proc.logFile}:\n${tail(proc.logFile)}` : ''}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .slice(-12)
      .map((line) => line.slice(0, 400))
      .join('\n');
  } catch {
    return '';
  }
}

/** Temporal's databases and schema on PostgreSQL, through the server's own schema tool. */
async function setUpTemporalSchema(bin: TemporalServerBinaries, pgUrl: URL, name: string): Promise<void> {
  const base = ['--plugin', 'postgres12', '--ep', pgUrl.hostname, '-p', pgUrl.port || '5432', '-u', decodeURIComponent(pgUrl.username || 'postgres')];
  const env = { ...process.env, SQL_PASSWORD: decodeURIComponent(pgUrl.password) };
  for (const [db, folder] of [
    [`${name}_temporal`, 'temporal'],
    [`${name}_temporal_visibility`, 'visibility'],
  ] as const) {
    await run(bin.sqlTool, [...base, '--db', db, 'create'], { env });
    await run(bin.sqlTool, [...base, '--db', db, 'setup-schema', '-v', '0.0'], { env });
    await run(bin.sqlTool, [...base, '--db', db, 'update-schema', '-d', join(bin.moduleDir, 'schema/postgresql/v12', folder, 'versioned')], { env });
  }
}

/** The module's development-postgres12.yaml with this shape's databases, credentials and ports. */
export function temporalConfig(bin: TemporalServerBinaries, pgUrl: URL, name: string, ports: Record<string, number>): string {
  let yaml = readFileSync(join(bin.moduleDir, 'config/development-postgres12.yaml'), 'utf8');
  const swap = (from: string, to: string) => {
    if (!yaml.includes(from)) throw new Error(`the Temporal config template no longer holds ${from}`);
    yaml = yaml.split(from).join(to);
  };
  swap('databaseName: "temporal_visibility"', `databaseName: "${name}_temporal_visibility"`);
  swap('databaseName: "temporal"', `databaseName: "${name}_temporal"`);
  swap('connectAddr: "127.0.0.1:5432"', `connectAddr: "${pgUrl.hostname}:${pgUrl.port || 5432}"`);
  swap('user: "temporal"', `user: "${decodeURIComponent(pgUrl.username || 'postgres')}"`);
  swap('password: "temporal"', `password: "${decodeURIComponent(pgUrl.password)}"`);
  for (const [from, key] of [
    ['7233', 'frontend'],
    ['6933', 'frontendMembership'],
    ['7243', 'frontendHttp'],
    ['7235', 'matching'],
    ['6935', 'matchingMembership'],
    ['7234', 'history'],
    ['6934', 'historyMembership'],
    ['7239', 'worker'],
    ['6939', 'workerMembership'],
    ['7936', 'pprof'],
    ['8000', 'metrics'],
  ] as const) {
    // Each default port becomes a placeholder first: a chosen port that holds another default's digits (27235
    // holds 7235) would otherwise be rewritten by a later swap (a frontend at "228405": the server exits at start).
    swap(from, `@port:${key}@`);
  }
  yaml = yaml.replace(/@port:(\w+)@/g, (_, key: string) => String(ports[key]));
  swap('filepath: "config/dynamicconfig/development-sql.yaml"', `filepath: "${join(bin.moduleDir, 'config/dynamicconfig/development-sql.yaml')}"`);
  return yaml;
}

/**
 * HAProxy's configuration for the shape: the API processes behind `/readyz` checks and, when the shape has media
 * processes, carriers' media streams routed to them (a shape without media sends streams to the API, which has no
 * route for them).
 */
export function haproxyConfig(port: number, apiPorts: number[], streamPorts: number[]): string {
  const media = streamPorts.length > 0;
  return `# Written by scripts/production-shape.ts (the same policy as deploy/haproxy.cfg).
global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 65s
  timeout server 65s
  timeout http-keep-alive 60s
  retries 2
  option redispatch
  retry-on conn-failure empty-response

frontend api
  bind 127.0.0.1:${port}
${
  media
    ? `  # Carriers' media streams (WebSockets) go to the media processes; everything else to the API.
  acl carrier_stream path_reg ^/carriers/(twilio|telnyx)/stream/
  use_backend media if carrier_stream
`
    : ''
}  default_backend api

backend api
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 500ms fall 2 rise 1
${apiPorts.map((p, i) => `  server api${i} 127.0.0.1:${p} check`).join('\n')}
${
  media
    ? `
backend media
  balance leastconn
  timeout tunnel 2h
  option httpchk GET /healthz
  http-check expect status 200
  default-server inter 500ms fall 2 rise 1
${streamPorts.map((p, i) => `  server media${i} 127.0.0.1:${p} check`).join('\n')}
`
    : ''
}`;
}

/**
 * The production build in `appDir`, as the image's build stage makes it (Dockerfile): the compiled JavaScript
 * (dist/), the workflows bundled ahead of time (dist/workflow-bundle.js, which the worker loads), package.json,
 * and a node_modules of the production dependencies only (`npm ls --omit=dev --omit=optional`), linked from the
 * project's: an import of a development package by the app fails here as it would in the image.
 */
async function buildApp(appDir: string, log: (m: string) => void): Promise<void> {
  const env = { ...process.env, NODE_OPTIONS: '' };
  log('compiling the app (tsc) and bundling the workflows...');
  await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--outDir', join(appDir, 'dist'), '--noCheck'], {
    cwd: ROOT,
    env,
  });
  await run(process.execPath, ['--import', 'tsx', 'scripts/bundle-workflows.ts', join(appDir, 'dist/workflow-bundle.js')], {
    cwd: ROOT,
    env,
    maxBuffer: 16 * 1024 * 1024,
  });
  copyFileSync(join(ROOT, 'package.json'), join(appDir, 'package.json'));
  const { stdout } = await run('npm', ['ls', '--omit=dev', '--omit=optional', '--all', '--parseable'], { cwd: ROOT, env, maxBuffer: 16 * 1024 * 1024 }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
  ); // npm ls exits 1 on extraneous packages
  const top = join(ROOT, 'node_modules');
  for (const path of stdout.split('\n').filter(Boolean)) {
    const rel = relative(top, path);
    if (rel.startsWith('..') || rel === '' || rel.includes('/node_modules/')) continue; // the project itself; nested copies come with their parent
    const link = join(appDir, 'node_modules', rel);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(path, link);
  }
}

type Spec = { start: () => ShapeProcess; ready: (p: ShapeProcess) => Promise<void> };

/** What the parts of a shape are started with: its directory, its processes and how to start and await each. */
interface Build {
  dir: string;
  log: (m: string) => void;
  processes: ShapeProcess[];
  specs: Map<string, Spec>;
  launch: (role: Role, index: number, command: string, args: string[], env?: Record<string, string>, port?: number, cwd?: string) => ShapeProcess;
}

const key = (role: Role, index: number) => `${role}:${index}`;

export async function startShape(options: ShapeOptions = {}): Promise<Shape> {
  const log = options.log ?? (() => {});
  const name = options.name ?? 'vp_shape';
  const admin = new URL(options.adminUrl ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
  const dir = mkdtempSync(join(tmpdir(), 'vp-shape-'));
  const bin = await findTemporalServer(log);
  const cli = await findTemporalCli(log);
  const processes: ShapeProcess[] = [];
  const build: Build = { dir, log, processes, specs: new Map(), launch: launcher(dir, processes) };

  const databaseUrl = await prepareDatabases(admin, name, bin, log);
  const fromBuild = (options.app ?? 'build') === 'build';
  const appDir = fromBuild ? join(dir, 'app') : ROOT;
  if (fromBuild) await buildApp(appDir, log);
  const node = (script: string) =>
    fromBuild ? ['--enable-source-maps', `dist/${script.replace(/\.ts$/, '.js')}`] : ['--enable-source-maps', '--import', 'tsx', script];
  await run(process.execPath, node('src/migrate-cli.ts').concat('up'), {
    cwd: appDir,
    env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: databaseUrl.href },
  });
  const temporalAddress = await temporalSpec(build, bin, cli, admin, name);
  const { s3, s3Env } = options.recordings === 's3' ? await s3Spec(build) : { s3: undefined, s3Env: {} };
  const lbPort = await freePort();
  const url = `http://127.0.0.1:${lbPort}`;
  const taskQueue = 'voice-platform';
  const appEnv: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl.href,
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_NAMESPACE: 'default',
    TEMPORAL_TASK_QUEUE: taskQueue,
    MIGRATE_ON_START: 'false',
    RECORDINGS_DIR: join(dir, 'recordings'),
    DATA_DIR: join(dir, 'data'),
    PUBLIC_URL: url,
    TRUST_PROXY: 'true',
    ...loadDevSecrets(join(dir, 'data')),
    ...s3Env,
    ...options.env,
  };
  const bundle = join(dir, 'workflow-bundle.js');
  const app = await appSpecs(build, options, { appEnv, appDir, node, fromBuild, bundle, lbPort, url });
  const { startOne, find, kill, stop } = controls(build);

  try {
    if (s3) await startS3(startOne, s3, s3Env, log);
    log(`starting the Temporal server on ${temporalAddress}...`);
    await startOne('temporal', 0);
    await run(cli, ['operator', 'namespace', 'create', '--namespace', 'default', '--retention', '24h', '--address', temporalAddress]);
    if (!fromBuild) {
      log('bundling the workflows once for the workers...');
      await run(process.execPath, ['--import', 'tsx', 'scripts/bundle-workflows.ts', bundle], {
        cwd: ROOT,
        env: { ...process.env, NODE_OPTIONS: '' },
        maxBuffer: 16 * 1024 * 1024,
      });
    }
    log('starting the API processes, workers and media processes...');
    await Promise.all(
      [...build.specs.keys()]
        .filter((k) => /^(api|worker|media):/.test(k))
        .map((k) => {
          const [role, index] = k.split(':');
          return startOne(role as Role, Number(index));
        }),
    );
    await startOne('haproxy', 0);
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
  const { sipAddresses, apiPorts } = app;
  log(`ready: ${url} (balancer), Temporal ${temporalAddress}${sipAddresses.length ? `, SIP ${sipAddresses.join(' ')}` : ''}, logs in ${dir}`);
  return {
    url,
    apiUrls: apiPorts.map((p) => `http://127.0.0.1:${p}`),
    sipAddresses,
    s3,
    temporalAddress,
    databaseUrl: databaseUrl.href,
    taskQueue,
    env: appEnv,
    dir,
    processes,
    kill,
    restart: startOne,
    exit: (role, index) => {
      const { process: child } = find(role, index);
      return { code: child.exitCode, signal: child.signalCode };
    },
    output: (role, index) => tail(processes.find((p) => p.role === role && p.index === index)?.logFile ?? ''),
    stop,
  };
}

/** Starts a process of the shape with its output appended to its log file (a restart keeps the earlier log). */
function launcher(dir: string, processes: ShapeProcess[]): Build['launch'] {
  return (role, index, command, args, env = {}, port, cwd = ROOT) => {
    const logFile = join(dir, `${role}-${index}.log`);
    const logOffset = existsSync(logFile) ? statSync(logFile).size : 0;
    const out = createWriteStream(logFile, { flags: 'a' });
    const { NODE_OPTIONS: _jest, ...inherited } = process.env;
    const child = spawn(command, args, { cwd, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.pipe(out);
    child.stderr!.pipe(out);
    const proc: ShapeProcess = { role, index, process: child, logFile, port, logOffset };
    const at = processes.findIndex((p) => p.role === role && p.index === index);
    if (at >= 0) processes[at] = proc;
    else processes.push(proc);
    return proc;
  };
}

/** The databases: the app's (migrated later) and Temporal's two, with Temporal's schema. */
async function prepareDatabases(admin: URL, name: string, bin: Awaited<ReturnType<typeof findTemporalServer>>, log: (m: string) => void): Promise<URL> {
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    for (const db of [`${name}_app`, `${name}_temporal`, `${name}_temporal_visibility`]) await client.query(`drop database if exists ${db} with (force)`);
    await client.query(`create database ${name}_app`);
  } finally {
    await client.end();
  }
  const databaseUrl = new URL(admin.href);
  databaseUrl.pathname = `/${name}_app`;
  log("setting up Temporal's schema...");
  await setUpTemporalSchema(bin, admin, name);
  return databaseUrl;
}

/** The Temporal server on free ports, answering the CLI's health check; returns its frontend address. */
async function temporalSpec(build: Build, bin: Awaited<ReturnType<typeof findTemporalServer>>, cli: string, admin: URL, name: string): Promise<string> {
  const { dir, specs, launch } = build;
  const ports: Record<string, number> = {};
  for (const k of [
    'frontend',
    'frontendMembership',
    'frontendHttp',
    'matching',
    'matchingMembership',
    'history',
    'historyMembership',
    'worker',
    'workerMembership',
    'pprof',
    'metrics',
  ])
    ports[k] = await freePort('smallint');
  const configDir = join(dir, 'temporal-config');
  mkdirSync(configDir);
  writeFileSync(join(configDir, 'shape.yaml'), temporalConfig(bin, admin, name, ports));
  const temporalAddress = `127.0.0.1:${ports.frontend}`;
  const healthy = async () =>
    await run(cli, ['operator', 'cluster', 'health', '--address', temporalAddress], { timeout: 5000 }).then(
      () => true,
      () => false,
    );
  specs.set(key('temporal', 0), {
    start: () => launch('temporal', 0, bin.server, ['--root', dir, '--config', 'temporal-config', '--env', 'shape', '--allow-no-auth', 'start']),
    ready: (p) => waitFor('the Temporal server', healthy, 90_000, p),
  });
  return temporalAddress;
}

/** The recordings' bucket (recordings: 's3'): versitygw on a free port, and the app's settings for it. */
async function s3Spec(build: Build): Promise<{ s3: Shape['s3']; s3Env: Record<string, string> }> {
  const { dir, specs, launch, log } = build;
  const exe = await findS3Server(log);
  const port = await freePort();
  const credentials = { accessKeyId: 'shape-access', secretAccessKey: `shape-${Math.random().toString(36).slice(2)}` };
  const root = join(dir, 's3/data');
  const sidecar = join(dir, 's3/meta');
  mkdirSync(root, { recursive: true });
  mkdirSync(sidecar, { recursive: true });
  const s3 = { endpoint: `http://127.0.0.1:${port}`, bucket: 'recordings', root };
  const endpoint = s3.endpoint;
  specs.set(key('s3', 0), {
    start: () => launch('s3', 0, exe, s3ServerArgs({ port, ...credentials, region: 'us-east-1', root, sidecar }), { HOME: dir }),
    ready: (p) => waitFor('the S3 server', async () => (await fetch(`${endpoint}/health`)).ok, 30_000, p),
  });
  const s3Env = {
    RECORDING_STORE: 's3',
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: s3.bucket,
    S3_PREFIX: 'calls',
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  };
  return { s3, s3Env };
}

/** Creates the recordings' bucket once the S3 server is up. */
async function startS3(
  startOne: (role: Role, index: number) => Promise<void>,
  s3: NonNullable<Shape['s3']>,
  s3Env: Record<string, string>,
  log: (m: string) => void,
) {
  log(`starting the S3 server on ${s3.endpoint}...`);
  await startOne('s3', 0);
  const admin = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: s3Env.S3_ACCESS_KEY_ID, secretAccessKey: s3Env.S3_SECRET_ACCESS_KEY },
  });
  await admin.send(new CreateBucketCommand({ Bucket: s3.bucket })).finally(() => admin.destroy());
}

/** The API processes, workers, media processes and HAProxy in front of them. */
async function appSpecs(
  { specs, launch, dir }: Build,
  options: ShapeOptions,
  app: { appEnv: Record<string, string>; appDir: string; node: (script: string) => string[]; fromBuild: boolean; bundle: string; lbPort: number; url: string },
): Promise<{ apiPorts: number[]; sipAddresses: string[] }> {
  const { appEnv, appDir, node, fromBuild, bundle, lbPort, url } = app;
  const apiPorts: number[] = [];
  for (let i = 0; i < (options.apis ?? 2); i++) {
    const port = await freePort();
    apiPorts.push(port);
    specs.set(key('api', i), {
      start: () => launch('api', i, process.execPath, [...node('src/main.ts'), 'serve'], { ...appEnv, HOST: '127.0.0.1', PORT: String(port) }, port, appDir),
      ready: (p) => waitFor(`API process ${i}`, async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok, 60_000, p),
    });
  }
  for (let i = 0; i < (options.workers ?? 2); i++) {
    specs.set(key('worker', i), {
      // The build's worker finds dist/workflow-bundle.js itself; from sources it is given the one bundle made below.
      start: () =>
        launch(
          'worker',
          i,
          process.execPath,
          [...node('src/main.ts'), 'worker'],
          fromBuild ? appEnv : { ...appEnv, WORKFLOW_BUNDLE: bundle },
          undefined,
          appDir,
        ),
      ready: (p) => waitFor(`worker ${i}`, async () => logged(p, 'worker running'), 60_000, p),
    });
  }
  const sipAddresses: string[] = [];
  const streamPorts: number[] = [];
  for (let i = 0; i < (options.media ?? 0); i++) {
    const sipPort = await freeUdpPort();
    sipAddresses.push(`127.0.0.1:${sipPort}`);
    const streamPort = await freePort();
    streamPorts.push(streamPort);
    const rtpMin = 36_000 + 200 * i + 2 * Math.floor(Math.random() * 40);
    const mediaEnv = {
      ...appEnv,
      SIP_HOST: '127.0.0.1',
      SIP_PORT: String(sipPort),
      MEDIA_STREAM_PORT: String(streamPort),
      RTP_PORT_MIN: String(rtpMin),
      RTP_PORT_MAX: String(rtpMin + 119),
    };
    specs.set(key('media', i), {
      // Without V8's memory reducer, as scripts/run.sh and the image run the media role (decision 0028).
      start: () => launch('media', i, process.execPath, ['--no-memory-reducer', ...node('src/main.ts'), 'media'], mediaEnv, sipPort, appDir),
      ready: (p) => waitFor(`media ${i}`, async () => logged(p, 'media runtime running'), 60_000, p),
    });
  }
  const haproxyCfg = join(dir, 'haproxy.cfg');
  writeFileSync(haproxyCfg, haproxyConfig(lbPort, apiPorts, streamPorts));
  specs.set(key('haproxy', 0), {
    start: () => launch('haproxy', 0, '/usr/sbin/haproxy', ['-f', haproxyCfg, '-db']),
    ready: (p) => waitFor('HAProxy', async () => (await fetch(`${url}/readyz`)).ok, 30_000, p),
  });
  return { apiPorts, sipAddresses };
}

/** Starting, finding, killing and stopping the shape's processes. */
function controls({ specs, processes, dir }: Build) {
  const startOne = async (role: Role, index: number) => {
    const spec = specs.get(key(role, index));
    if (!spec) throw new Error(`no ${role} ${index} in this shape`);
    await spec.ready(spec.start());
  };
  const find = (role: Role, index: number): ShapeProcess => {
    const proc = processes.find((p) => p.role === role && p.index === index);
    if (!proc) throw new Error(`no ${role} ${index} in this shape`);
    return proc;
  };
  const kill = (role: Role, index: number, signal: NodeJS.Signals) => {
    const proc = find(role, index);
    return new Promise<void>((resolveExit) => {
      if (proc.process.exitCode !== null || proc.process.signalCode !== null) return resolveExit();
      proc.process.once('exit', () => resolveExit());
      proc.process.kill(signal);
    });
  };
  const stop = async () => {
    for (const role of ['haproxy', 'api', 'media', 'worker', 'temporal', 's3'] as Role[]) {
      await Promise.all(
        processes
          .filter((p) => p.role === role)
          .map(async (p) => {
            const timer = setTimeout(() => p.process.kill('SIGKILL'), 15_000);
            await kill(p.role, p.index, 'SIGTERM');
            clearTimeout(timer);
          }),
      );
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return { startOne, find, kill, stop };
}
