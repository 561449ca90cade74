import { describe, it, expect } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/**
 * The dependency rules of docs/architecture.md, held by the code itself: the value imports between the top-level
 * parts (src/<part>, workflows, activities) are exactly these, each with why. A new edge fails this test until it
 * is added here with its reason, and the architecture page says the same (type-only imports do not count: they
 * leave nothing at run time).
 */
const ALLOWED: Record<string, Record<string, string>> = {
  main: {
    config: 'the process reads its configuration',
    logger: 'and makes its logger',
    'main-paths': 'and finds its files',
    db: 'opens the database',
    dev: 'npm run dev starts embedded services',
    http: 'serves REST',
    media: 'runs the media process',
    modules: 'bootstraps the demo organization',
    oauth: 'and the sign-in keys',
    temporal: 'runs workers',
  },
  cli: {
    config: 'the admin CLI reads the configuration',
    'main-paths': 'finds its files',
    db: 'opens the database',
    dev: 'and the embedded database',
    modules: 'calls the domain',
    oauth: 'rotates signing keys',
  },
  dev: { modules: 'the demo bootstrap creates an organization', temporal: 'the embedded Temporal dev server' },
  http: {
    dashboard: "mounts the console: its API's session authentication (the /v1 routes again) and its application's files",
    db: 'opens a request-scoped EntityManager',
    modules: 'routes call the domain',
    mcp: 'mounts the MCP endpoint',
    oauth: 'mounts the OAuth server and verifies its tokens',
    temporal: 'readiness and workflow starts through temporalAccess',
  },
  mcp: {
    http: 'shares the one error table (http/problem.ts)',
    modules: 'tools call the domain',
    oauth: 'verifies access tokens',
    temporal: 'tools that start workflows',
  },
  oauth: {
    dashboard: "the sign-in pages and session are the dashboard's",
    db: "the provider's adapter stores in PostgreSQL",
    http: 'rate limiters (http/limits.ts)',
    modules: 'users, members and organizations',
  },
  dashboard: {
    http: 'the error table and rate limiters',
    modules: 'pages call the domain',
    oauth: 'sign-in and MCP connections',
    temporal: 'campaign and release moves',
  },
  db: { modules: 'orm.ts lists every entity of the domain', oauth: 'and of the OAuth server' },
  modules: {
    config: 'settings',
    db: 'persistence',
    media: 'speech providers live in the media runtime (modules/speech resolves them)',
    temporal: 'starting and signalling workflows (temporalAccess, workflowIds)',
    workflows: "the workflows' message definitions (signal, update and query names)",
  },
  temporal: { activities: 'the worker registers the activities', modules: 'worker settings', workflows: 'and the workflow bundle' },
  activities: {
    db: 'activities use the database',
    media: 'media activities drive calls',
    modules: 'activities call the domain',
    workflows: 'message definitions',
  },
  media: { activities: 'the media process runs its own activities', modules: 'the engine runs the conversation', temporal: 'its worker' },
};

const ROOT = join(dirname(new URL(import.meta.url).pathname), '..', '..');

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return files(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

const part = (path: string) => {
  const [first, second] = path.split('/');
  return first === 'src' ? second.replace(/\.(ts|js)$/, '') : first;
};

function valueEdges(): Record<string, Set<string>> {
  const edges: Record<string, Set<string>> = {};
  for (const file of [...files('src'), ...files('workflows'), ...files('activities')]) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const m of text.matchAll(/^(?:import|export) (type )?[^;]*?from '(\.[^']+)'/gms)) {
      if (m[1]) continue;
      const target = relative(ROOT, normalize(join(ROOT, dirname(file), m[2])));
      const [from, to] = [part(file), part(target)];
      if (from !== to) (edges[from] ??= new Set()).add(to);
    }
  }
  return edges;
}

describe('the dependency rules', () => {
  it('are exactly the value imports between top-level parts', () => {
    const actual = Object.fromEntries(Object.entries(valueEdges()).map(([from, to]) => [from, [...to].sort()]));
    const declared = Object.fromEntries(Object.entries(ALLOWED).map(([from, to]) => [from, Object.keys(to).sort()]));
    expect(actual).toEqual(declared);
  });

  it('keep the domain and the workflows free of the surfaces', () => {
    for (const surface of ['http', 'mcp', 'oauth', 'dashboard']) {
      expect(ALLOWED.modules).not.toHaveProperty(surface);
      expect(ALLOWED.activities).not.toHaveProperty(surface);
    }
    expect(ALLOWED).not.toHaveProperty('workflows');
  });
});
