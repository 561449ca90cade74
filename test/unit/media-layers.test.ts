import { describe, it, expect } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';

/**
 * The media runtime's layers (docs/architecture.md, "The media runtime"): what carries and processes audio
 * (transports/, rtp/, pipe/, turn/, speech/ under src/media) imports nothing of the platform, only Node, the
 * npm packages the project depends on, and the media layers below it, so each is replaced or tested on its own.
 * A live call meets the platform in src/media/call/, above them all. Type-only imports count too: a layer that
 * names a platform type depends on it.
 */
const MAY_IMPORT: Record<string, string[]> = {
  pipe: [],
  rtp: [],
  turn: [],
  speech: ['rtp'], // the G.711 codec of carriers' µ-law audio
  transports: ['rtp', 'pipe'], // codecs, jitter buffer, pacer, port pool, RTCP; the play queue and the recorder
};

const ROOT = join(import.meta.dirname, '..', '..');
const MEDIA = join(ROOT, 'src', 'media');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
const PACKAGES = new Set(Object.keys(pkg.dependencies ?? {}));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Every module a file names: static imports and re-exports (type-only too), side-effect imports, dynamic imports. */
function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [
    ...text.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+'([^']+)'/gm),
    ...text.matchAll(/^\s*import\s+'([^']+)'/gm),
    ...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g),
  ];
  return found.map((m) => m[1]);
}

/** The package a bare specifier names ('@scope/name/sub' -> '@scope/name'). */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** What the layer's files import besides Node, npm packages, itself and `below`, as "file -> specifier". */
function violations(layer: string, below: string[]): string[] {
  const allowed = new Set([layer, ...below]);
  const found: string[] = [];
  for (const file of files(join(MEDIA, layer))) {
    for (const specifier of specifiers(file)) {
      const where = `${relative(ROOT, file)} -> ${specifier}`;
      if (!specifier.startsWith('.')) {
        const builtin = specifier.startsWith('node:') || builtinModules.includes(specifier);
        if (!builtin && !PACKAGES.has(packageOf(specifier))) found.push(where);
        continue;
      }
      const target = relative(MEDIA, join(dirname(file), specifier));
      const [part] = target.split('/');
      if (target.startsWith('..') || !allowed.has(part)) found.push(where);
    }
  }
  return found;
}

describe('the media layers', () => {
  it.each(Object.keys(MAY_IMPORT))('%s imports nothing of the platform, and only the media layers below it', (layer) => {
    expect(files(join(MEDIA, layer)).length).toBeGreaterThan(0);
    expect(violations(layer, MAY_IMPORT[layer])).toEqual([]);
  });

  it('sees a platform import where there is one', () => {
    // The live call is where the platform comes in: the check flags it when call/ is held to the same rule.
    expect(violations('call', Object.keys(MAY_IMPORT)).some((v) => v.includes('-> ../../modules/'))).toBe(true);
  });
});
