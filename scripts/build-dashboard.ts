/**
 * Builds the operator's console (dashboard-app/, decision 0051) when its
 * sources changed: first the typed API client's types, generated from the
 * OpenAPI document of the /v1 routes (dashboard-app/src/api/v1.d.ts, kept in
 * git so the console type-checks against the API it is served with), then
 * Vite's production build into dashboard-app/dist, which Koa serves under
 * /dashboard/app. A stamp of everything it was built from makes a second run
 * a no-op. Run by `npm run dev`, `npm run serve` and `npm test` (scripts/run.sh,
 * scripts/test.sh); `--check` only says whether the generated files are current, `--keep-types` builds without
 * rewriting them.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { consoleApiEnums, consoleApiTypes } from './console-api-types.js';

const root = fileURLToPath(new URL('../dashboard-app/', import.meta.url));
const generated = { [join(root, 'src/api/v1.d.ts')]: '', [join(root, 'src/api/enums.ts')]: consoleApiEnums() };

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

generated[join(root, 'src/api/v1.d.ts')] = await consoleApiTypes();
const stale = Object.entries(generated).filter(([file, text]) => !existsSync(file) || readFileSync(file, 'utf8') !== text);
if (process.argv.includes('--check')) {
  process.stdout.write(stale.length ? `stale: ${stale.map(([f]) => relative(root, f)).join(', ')}\n` : 'current\n');
  process.exit(stale.length ? 1 : 0);
}
// npm test builds with the types in git (--keep-types): test/unit/console-types.test.ts says when they are stale.
if (!process.argv.includes('--keep-types')) for (const [file, text] of stale) writeFileSync(file, text);

const inputs = [
  ...files(join(root, 'src')),
  join(root, 'index.html'),
  join(root, 'vite.config.js'),
  fileURLToPath(new URL('../package-lock.json', import.meta.url)),
];
const hash = createHash('sha256');
for (const file of inputs.sort()) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
const stamp = hash.digest('hex');
const stampFile = join(root, 'dist/.build-stamp');
if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp && existsSync(join(root, 'dist/index.html'))) process.exit(0);

process.stderr.write('[setup] building the console (Vite)...\n');
const { build } = await import('vite');
await build({ root, configFile: join(root, 'vite.config.js'), logLevel: 'warn' });
writeFileSync(stampFile, stamp);
