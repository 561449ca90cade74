import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { finalizeAbandonedSessions, openLiveSession } from '../../src/modules/calls/live-sessions.js';
import { sql } from '../../src/db/orm.js';
import { newId } from '../../src/modules/ids.js';

/**
 * A live call whose media process died before its liveCall workflow started
 * has no supervisor: the sweep every media process runs finalizes it once
 * its heartbeat is stale, and leaves calls whose process still beats alone.
 */
let t: TestServer;
let a: TestTenant;
beforeAll(async () => {
  t = await startTestServer();
  a = await createTenant(t);
});
afterAll(async () => t?.close());

async function liveSession(node: string, heartbeatAgeSeconds: number): Promise<string> {
  const id = newId('session');
  const startedAt = new Date(Date.now() - (heartbeatAgeSeconds + 20) * 1000);
  await openLiveSession(t.orm.em.fork(), {
    id,
    organizationId: a.organizationId,
    projectId: a.projectId,
    agentId: newId('agent'),
    agentName: 'Abandoned',
    agentVersionId: newId('agentVersion'),
    direction: 'inbound',
    caller: { address: '+14155550123' },
    phoneNumber: '+14155550100',
    startedAt,
    mediaNode: node,
  });
  await sql(t.orm.em.fork(), `update call_session set media_heartbeat_at = now() - make_interval(secs => ?) where id = ?`, [heartbeatAgeSeconds, id]);
  return id;
}

describe('the sweep of abandoned live calls', () => {
  it('finalizes, once, a call whose process stopped heartbeating, billed to its last heartbeat, and leaves a beating one in progress', async () => {
    const dead = await liveSession('media/dead', 45);
    const beating = await liveSession('media/alive', 1);
    // A row written before its holder and heartbeat were (the process died between): counted from its start.
    const unheld = await liveSession('media/dead', 45);
    await sql(t.orm.em.fork(), `update call_session set media_node = null, media_heartbeat_at = null where id = ?`, [unheld]);

    const swept = await finalizeAbandonedSessions(t.orm.em.fork());
    expect(swept).toContain(dead);
    expect(swept).toContain(unheld);
    expect(swept).not.toContain(beating);
    expect(await finalizeAbandonedSessions(t.orm.em.fork())).not.toContain(dead);

    const rows = await sql<{ id: string; status: string; end_reason: string | null; duration_seconds: number }>(
      t.orm.em.fork(),
      `select id, status, end_reason, duration_seconds from call_session where id in (?, ?)`,
      [dead, beating],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(dead)).toMatchObject({ status: 'failed', end_reason: 'media_lost' });
    // Started 65 s ago, last heard of 45 s ago: 20 s of call.
    expect(byId.get(dead)!.duration_seconds).toBeGreaterThanOrEqual(19);
    expect(byId.get(dead)!.duration_seconds).toBeLessThanOrEqual(22);
    expect(byId.get(beating)).toMatchObject({ status: 'in_progress', end_reason: null });
  });
});
