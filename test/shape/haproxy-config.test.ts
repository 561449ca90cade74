import { afterAll, describe, it, expect } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { haproxyConfig } from '../../scripts/production-shape.js';

/**
 * Every HAProxy configuration the project ships or writes, as Debian's HAProxy reads it (`haproxy -c`): the
 * image's deploy/haproxy.cfg and the shape's, with media processes and without. A shape with no media process
 * (the shape bench's) once wrote a `use_backend media` with no such backend, and HAProxy refused to start.
 */
const run = promisify(execFile);

async function check(file: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run('/usr/sbin/haproxy', ['-c', '-f', file]);
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number | string; stdout?: string; stderr?: string };
    if (e.code === 'ENOENT') throw new Error('haproxy is not installed: apt-get install haproxy (npm test installs it)');
    return { code: Number(e.code), output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe('HAProxy configurations', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vp-haproxy-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  };

  it("deploy/haproxy.cfg (the compose file's balancer) is valid", async () => {
    expect(await check(resolve(import.meta.dirname, '../../deploy/haproxy.cfg'))).toEqual({ code: 0, output: expect.any(String) });
  });

  it("the shape's, with media processes: streams go to them", async () => {
    const text = haproxyConfig(18_000, [18_001, 18_002], [18_003, 18_004]);
    expect(await check(write('with-media.cfg', text))).toEqual({ code: 0, output: expect.any(String) });
    expect(text).toContain('use_backend media if carrier_stream');
    expect(text).toMatch(/backend media[\s\S]*server media1 127\.0\.0\.1:18004 check/);
  });

  it("the shape's, without a media process: no stream route to a backend that is not there", async () => {
    const text = haproxyConfig(18_000, [18_001], []);
    expect(await check(write('without-media.cfg', text))).toEqual({ code: 0, output: expect.any(String) });
    expect(text).not.toContain('media');
    expect(text).toContain('server api0 127.0.0.1:18001 check');
  });
});
