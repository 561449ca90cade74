import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

/**
 * Finds the Temporal CLI (which embeds the dev server), building it with Go
 * when it is nowhere to be found. Resolution order:
 * TEMPORAL_CLI_PATH, `temporal` on PATH, the per-user cache, a Go build into
 * that cache. v1.5.1 is the last release that `go install` can build.
 */
export const TEMPORAL_CLI_VERSION = 'v1.5.1';
const run = promisify(execFile);

/** The per-user cache the project builds its Go binaries into (a folder per tool and version). */
export function binaryCacheDir(name: string): string {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'voice-agent-platform', name);
}

export function temporalCacheDir(): string {
  return binaryCacheDir(`temporal-${TEMPORAL_CLI_VERSION}`);
}

/** Go, on PATH or where its official archive installs it. */
export function findGo(): string | undefined {
  return onPath('go') ?? (existsSync('/usr/local/go/bin/go') ? '/usr/local/go/bin/go' : undefined);
}

/**
 * `go install` of `packages` (each `path@version`) into `dir`, then checks that every path of `expect` exists.
 * Module-mode flags as the Temporal modules need them (their go.mod is not vendored).
 */
export async function goInstall(go: string, dir: string, packages: string[], expect: string[]): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await run(go, ['install', ...packages], { env: { ...process.env, GOBIN: dir, GOFLAGS: '-mod=mod' }, maxBuffer: 64 * 1024 * 1024 });
  for (const path of expect) {
    if (!existsSync(path)) throw new Error(`go install finished but ${path} is missing`);
  }
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

export async function findTemporalCli(log: (msg: string) => void = () => {}): Promise<string> {
  const explicit = process.env.TEMPORAL_CLI_PATH;
  if (explicit) {
    if (!existsSync(explicit)) throw new Error(`TEMPORAL_CLI_PATH=${explicit} does not exist`);
    return explicit;
  }
  const fromPath = onPath('temporal');
  if (fromPath) return fromPath;
  const cacheDir = temporalCacheDir();
  const cached = join(cacheDir, 'temporal');
  if (existsSync(cached)) return cached;
  const go = findGo();
  if (!go) {
    throw new Error(
      'The Temporal CLI was not found (TEMPORAL_CLI_PATH, PATH, ' +
        `${cached}) and Go is not installed to build it. Install Go, or put the ` +
        `temporal ${TEMPORAL_CLI_VERSION} binary on PATH.`,
    );
  }
  log(`Building the Temporal CLI ${TEMPORAL_CLI_VERSION} with Go into ${cacheDir} (first time only, takes a few minutes)...`);
  await goInstall(go, cacheDir, [`github.com/temporalio/cli/cmd/temporal@${TEMPORAL_CLI_VERSION}`], [cached]);
  log('Temporal CLI built.');
  return cached;
}
