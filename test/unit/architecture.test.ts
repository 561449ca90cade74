import { describe, it, expect } from '@jest/globals';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/**
 * The dependency rules of docs/architecture.md, held by the code itself: the value imports between the top-level
 * parts (src/<part>, workflows, activities) are exactly these, each with why. A new edge fails this test until it
 * is added here with its reason, and the architecture page's drawing of the layers says the same (type-only imports
 * do not count: they leave nothing at run time). The parts form layers: an edge goes one way only, and only down.
 */
const ALLOWED: Record<string, Record<string, string>> = {
  main: {
    config: 'the process reads its configuration',
    logger: 'and makes its logger',
    'main-paths': 'and finds its files',
    db: 'opens the database',
    entities: 'with every entity',
    dev: 'npm run dev starts embedded services',
    http: 'serves REST',
    modules: 'listens for API client changes, dispatches webhooks, holds recordings',
    oauth: "the sign-in server's address",
    roles: 'runs the worker and the media process',
    temporal: 'connects to Temporal and stops its workers in order',
  },
  cli: {
    config: 'the admin CLI reads the configuration',
    'main-paths': 'finds its files',
    db: 'opens the database',
    entities: 'with every entity',
    dev: 'and the embedded database',
    modules: 'calls the domain',
    oauth: 'rotates signing keys',
  },
  'migrate-cli': { db: 'applies or writes migrations', entities: 'against every entity' },
  roles: {
    activities: 'the worker and the media process register their activities',
    media: 'the media process wires the SIP user agent, speech and carrier streams',
    modules: 'settings and the sweep of live sessions',
    temporal: "the SDK's runtime and worker stops",
    workflows: 'the media task queue',
  },
  entities: { modules: "the domain's entities", oauth: "and the OAuth server's" },
  dev: { modules: 'the demo bootstrap creates an organization', temporal: 'the embedded Temporal dev server (its CLI binary)' },
  http: {
    dashboard: "mounts the console: its API's session authentication (the /v1 routes again) and its application's files",
    db: 'opens a request-scoped EntityManager',
    edge: 'the error table, rate limiters and base URL',
    mcp: 'mounts the MCP endpoint',
    modules: 'routes call the domain',
    oauth: 'mounts the OAuth server and verifies its tokens',
    temporal: 'readiness within a deadline',
  },
  dashboard: {
    edge: 'the error table, rate limiters and base URL',
    modules: 'pages call the domain',
    oauth: 'sign-in and MCP connections',
  },
  mcp: {
    edge: 'the one error table',
    modules: 'tools call the domain',
    oauth: 'verifies access tokens',
  },
  oauth: {
    db: "the provider's adapter stores in PostgreSQL",
    edge: 'rate limiters',
    modules: 'users, members and organizations',
  },
  edge: { modules: "the domain's errors and their codes" },
  activities: {
    db: 'activities use the database',
    media: 'media activities drive calls',
    modules: 'activities call the domain',
    workflows: 'message definitions',
  },
  media: { modules: 'the engine runs the conversation', workflows: 'the live call workflow id' },
  modules: {
    config: 'settings',
    db: 'persistence',
    temporal: 'calls within a gRPC deadline',
    workflows: "the workflows' ids and message definitions (signal, update and query names)",
  },
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

/** Static, side-effect and dynamic imports of a relative path, unless the whole import is `import type`. */
const IMPORT = /^(?:import|export) (type )?[^;]*?from '(\.[^']+)'|^import '(\.[^']+)'|\bimport\('(\.[^']+)'\)/gms;

function valueEdges(): Record<string, Set<string>> {
  const edges: Record<string, Set<string>> = {};
  for (const file of [...files('src'), ...files('workflows'), ...files('activities')]) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      if (m[1]) continue;
      const target = relative(ROOT, normalize(join(ROOT, dirname(file), m[2] ?? m[3] ?? m[4])));
      const [from, to] = [part(file), part(target)];
      if (from !== to) (edges[from] ??= new Set()).add(to);
    }
  }
  return edges;
}

const declared = (): [string, string][] => Object.entries(ALLOWED).flatMap(([from, to]) => Object.keys(to).map((t): [string, string] => [from, t]));

/** The parts in an order where every part comes after all it imports (Kahn's algorithm), or the parts left in a cycle. */
function topologicalOrder(edges: [string, string][]): { order: string[]; cyclic: string[] } {
  const parts = new Set(edges.flat());
  const waitingOn = new Map([...parts].map((p) => [p, new Set(edges.filter(([from]) => from === p).map(([, to]) => to))]));
  const order: string[] = [];
  const ready = () => [...waitingOn.keys()].filter((p) => waitingOn.get(p)!.size === 0).sort();
  for (let next = ready(); next.length; next = ready()) {
    for (const p of next) {
      order.push(p);
      waitingOn.delete(p);
      for (const rest of waitingOn.values()) rest.delete(p);
    }
  }
  return { order, cyclic: [...waitingOn.keys()].sort() };
}

/** docs/architecture.md's drawing of the layers: the fenced `layers` block, top line the highest layer; a part per word, `#` starts a note. */
function drawnLayers(): string[][] {
  const page = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
  const block = /^```layers\n([\s\S]*?)^```$/m.exec(page);
  if (!block) throw new Error('docs/architecture.md has no ```layers block');
  return block[1]
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean)
    .map((line) => line.split(/\s+/))
    .reverse();
}

describe('the dependency rules', () => {
  it('are exactly the value imports between top-level parts', () => {
    const actual = Object.fromEntries(Object.entries(valueEdges()).map(([from, to]) => [from, [...to].sort()]));
    const table = Object.fromEntries(Object.entries(ALLOWED).map(([from, to]) => [from, Object.keys(to).sort()]));
    expect(actual).toEqual(table);
  });

  it('let no two parts import each other', () => {
    const edges = declared();
    expect(edges.filter(([from, to]) => edges.some(([f, t]) => f === to && t === from)).map((e) => e.join(' -> '))).toEqual([]);
  });

  it('form layers: the declared table has no cycle', () => {
    const { order, cyclic } = topologicalOrder(declared());
    expect(cyclic).toEqual([]);
    const rank = new Map(order.map((p, i) => [p, i]));
    for (const [from, to] of declared()) expect(rank.get(to)!).toBeLessThan(rank.get(from)!);
  });

  it('are the layers drawn in docs/architecture.md: every edge goes down', () => {
    const layers = drawnLayers();
    const drawn = layers.flat();
    expect(drawn.length).toBe(new Set(drawn).size);
    for (const name of drawn)
      expect(existsSync(join(ROOT, name)) || existsSync(join(ROOT, 'src', name)) || existsSync(join(ROOT, 'src', `${name}.ts`))).toBe(true);
    const layer = new Map(layers.flatMap((parts, i) => parts.map((p): [string, number] => [p, i])));
    const edges = declared();
    expect(edges.filter(([from, to]) => !layer.has(from) || !layer.has(to)).map((e) => e.join(' -> '))).toEqual([]);
    expect(edges.filter(([from, to]) => layer.get(from)! <= layer.get(to)!).map((e) => e.join(' -> '))).toEqual([]);
  });

  it('keep the domain and the workflows free of the surfaces', () => {
    for (const surface of ['http', 'mcp', 'oauth', 'dashboard', 'edge']) {
      expect(ALLOWED.modules).not.toHaveProperty(surface);
      expect(ALLOWED.activities).not.toHaveProperty(surface);
    }
    expect(ALLOWED).not.toHaveProperty('workflows');
    expect(ALLOWED).not.toHaveProperty('db');
    expect(ALLOWED).not.toHaveProperty('temporal');
  });
});
