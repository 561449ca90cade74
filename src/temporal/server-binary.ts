import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { binaryCacheDir, findGo, goInstall } from './cli-binary.js';

/**
 * The real Temporal server (not the CLI's dev server) and its SQL schema tool,
 * built with Go from the module proxy into the per-user cache, with the
 * module's schema folders and configuration templates beside them in Go's
 * module cache. The production shape (scripts/production-shape.ts) runs it on
 * PostgreSQL. TEMPORAL_SERVER_DIR names a folder already holding `server` and
 * `sql` (then TEMPORAL_SERVER_MODULE_DIR the module's source folder).
 */
export const TEMPORAL_SERVER_VERSION = 'v1.29.1';
const MODULE = 'go.temporal.io/server';
const run = promisify(execFile);

export interface TemporalServerBinaries {
  /** The server (`server start`). */
  server: string;
  /** The schema tool (temporal-sql-tool). */
  sqlTool: string;
  /** The module's source: schema/postgresql/v12/…, config/… */
  moduleDir: string;
}

export async function findTemporalServer(log: (msg: string) => void = () => {}): Promise<TemporalServerBinaries> {
  const dir = process.env.TEMPORAL_SERVER_DIR ?? binaryCacheDir(`temporal-server-${TEMPORAL_SERVER_VERSION}`);
  const binaries = { server: join(dir, 'server'), sqlTool: join(dir, 'sql') };
  const go = findGo();
  let moduleDir = process.env.TEMPORAL_SERVER_MODULE_DIR;
  if (!moduleDir) {
    if (!go)
      throw new Error(
        `Go is needed to find (or build) the Temporal server ${TEMPORAL_SERVER_VERSION}: install Go, or set TEMPORAL_SERVER_DIR and TEMPORAL_SERVER_MODULE_DIR`,
      );
    const { stdout } = await run(go, ['env', 'GOMODCACHE']);
    moduleDir = join(stdout.trim(), `${MODULE}@${TEMPORAL_SERVER_VERSION}`);
  }
  if (existsSync(binaries.server) && existsSync(binaries.sqlTool) && existsSync(moduleDir)) return { ...binaries, moduleDir };
  if (!go) throw new Error(`The Temporal server is not in ${dir} and Go is not installed to build it`);
  log(`Building the Temporal server ${TEMPORAL_SERVER_VERSION} and its schema tool with Go into ${dir} (first time only, a few minutes)...`);
  await goInstall(
    go,
    dir,
    [`${MODULE}/cmd/server@${TEMPORAL_SERVER_VERSION}`, `${MODULE}/cmd/tools/sql@${TEMPORAL_SERVER_VERSION}`],
    [binaries.server, binaries.sqlTool, moduleDir],
  );
  log('Temporal server built.');
  return { ...binaries, moduleDir };
}
