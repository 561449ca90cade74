import { describe, it, expect } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The package scripts a newcomer runs do what their names say (issue 13 item 9). */
const root = join(import.meta.dirname, '..', '..');
const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('npm run test:unit', () => {
  it('selects the unit tests, and only them', () => {
    const [, args = ''] = /^sh scripts\/test\.sh (.*)$/.exec(scripts['test:unit']) ?? [];
    expect(args).not.toBe('');
    const listed = spawnSync(process.execPath, [join(root, 'node_modules/jest/bin/jest.js'), '--listTests', ...args.split(' ')], {
      cwd: root,
      encoding: 'utf8',
      env: process.env,
      timeout: 60_000,
    });
    expect(listed.status).toBe(0);
    const files = listed.stdout.split('\n').filter((line) => line.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThanOrEqual(3);
    expect(files.filter((file) => !file.includes('/test/unit/'))).toEqual([]);
    expect(files.some((file) => file.endsWith('/test/unit/npm-scripts.test.ts'))).toBe(true);
  });
});
