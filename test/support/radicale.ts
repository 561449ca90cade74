import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from './ports.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';

/**
 * Radicale (Debian's `radicale` package, a CalDAV server) on a free loopback
 * port with a temporary storage folder and one htpasswd user (plain), for the
 * CalDAV integration tests. Nothing is skipped: without the binary the suite
 * fails with the way to install it (scripts/test.sh installs it when it can).
 */
export const RADICALE_USER = 'ana';
export const RADICALE_PASSWORD = 'cal-secret-pw';

export interface Radicale {
  baseUrl: string;
  /** Makes a calendar collection (MKCALENDAR) and returns its URL (with a trailing slash). */
  makeCalendar(name: string): Promise<string>;
  /** Stores an iCalendar object at <calendar>/<name>.ics, as another client would. */
  putEvent(calendarUrl: string, name: string, ics: string): Promise<number>;
  /** The .ics members of a calendar (PROPFIND Depth 1). */
  listEvents(calendarUrl: string): Promise<string[]>;
  stop(): Promise<void>;
}

function binary(): string {
  const found = spawnSync('sh', ['-c', 'command -v radicale'], { encoding: 'utf8' }).stdout.trim();
  if (!found) {
    throw new Error(
      'The CalDAV tests need Radicale, and `radicale` is not on PATH: install it with `apt-get install -y radicale` (scripts/test.sh does this when run as root with apt)',
    );
  }
  return found;
}

const auth = `Basic ${Buffer.from(`${RADICALE_USER}:${RADICALE_PASSWORD}`).toString('base64')}`;

export async function startRadicale(): Promise<Radicale> {
  const exe = binary();
  const dir = mkdtempSync(join(tmpdir(), 'vp-radicale-'));
  const users = join(dir, 'users');
  writeFileSync(users, `${RADICALE_USER}:${RADICALE_PASSWORD}\n`);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child: ChildProcess = spawn(
    exe,
    [
      '--config',
      '',
      '--server-hosts',
      `127.0.0.1:${port}`,
      '--auth-type',
      'htpasswd',
      '--auth-htpasswd-filename',
      users,
      '--auth-htpasswd-encryption',
      'plain',
      '--auth-delay',
      '0',
      '--rights-type',
      'owner_only',
      '--storage-filesystem-folder',
      join(dir, 'collections'),
      '--logging-level',
      'warning',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (c: Buffer) => output.push(c.toString()));
  child.stderr?.on('data', (c: Buffer) => output.push(c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  // Ready when it answers; it takes a moment to start.
  let ready = false;
  for (let i = 0; i < 100 && child.exitCode === null; i++) {
    try {
      const res = await request(`${baseUrl}/.well-known/caldav`, { method: 'GET' });
      await res.body.dump();
      ready = true;
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  if (!ready) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`Radicale did not start on ${baseUrl}: ${output.join('').slice(-2000)}`);
  }

  const dav = async (method: string, url: string, headers: Record<string, string> = {}, body?: string) => {
    const res = await request(url, { method, headers: { authorization: auth, ...headers }, body });
    return { status: res.statusCode, text: await res.body.text() };
  };
  return {
    baseUrl,
    async makeCalendar(name) {
      const url = `${baseUrl}/${RADICALE_USER}/${name}/`;
      const res = await dav(
        'MKCALENDAR',
        url,
        { 'content-type': 'application/xml' },
        '<?xml version="1.0"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>' +
          `<D:displayname>${name}</D:displayname></D:prop></D:set></C:mkcalendar>`,
      );
      if (res.status !== 201) throw new Error(`MKCALENDAR ${url} answered ${res.status}: ${res.text}`);
      return url;
    },
    async putEvent(calendarUrl, name, ics) {
      return (await dav('PUT', `${calendarUrl}${name}.ics`, { 'content-type': 'text/calendar' }, ics)).status;
    },
    async listEvents(calendarUrl) {
      const res = await dav(
        'PROPFIND',
        calendarUrl,
        { depth: '1', 'content-type': 'application/xml' },
        '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getetag/></D:prop></D:propfind>',
      );
      return [...res.text.matchAll(/<(?:\w+:)?href>([^<]+\.ics)<\/(?:\w+:)?href>/g)].map((m) => decodeURIComponent(m[1]));
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000).unref())]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
