import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { unique } from '../support/factories.js';
import { ensureDemoOrganization, type DemoCredentials } from '../../src/dev/bootstrap.js';
import { issueToken } from '../../src/modules/org/api-clients.js';
import type { RecordingStore } from '../../src/modules/calls/recording-store.js';

/**
 * The first start of `npm run dev` shows the demo secrets the moment they
 * exist (issue 13 item 9): a start that fails afterwards (here: the seeding,
 * its recording store refusing) has shown them all the same, and they work.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const failingStore: RecordingStore = {
  put: async () => {
    throw new Error('disk full');
  },
  open: async () => undefined,
  has: async () => false,
};

describe('the first dev start', () => {
  it('announces the credentials before seeding, so a start that fails later has shown them', async () => {
    const announced: DemoCredentials[] = [];
    const slug = unique('demo-test').toLowerCase();
    await expect(
      ensureDemoOrganization(
        t.orm,
        failingStore,
        () => {},
        (c) => announced.push(c),
        { slug, email: `${slug}@example.com` },
      ),
    ).rejects.toThrow('disk full');
    expect(announced).toHaveLength(1);
    const token = await issueToken(t.orm.em.fork(), t.deps.config.auth, { client_id: announced[0].clientId, client_secret: announced[0].clientSecret });
    expect(token.token_type).toBe('Bearer');
    // A later start finds the organization and shows nothing again (the secret is only ever shown once).
    const again: DemoCredentials[] = [];
    const found = await ensureDemoOrganization(
      t.orm,
      failingStore,
      () => {},
      (c) => again.push(c),
      { slug, email: `${slug}@example.com` },
    );
    expect([found.credentials, again]).toEqual([undefined, []]);
  });
});
