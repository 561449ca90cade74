import { describe, it, expect } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDemoLine } from '../../../src/dev/demo-line.js';
import { randomPort, runSipp } from '../sip/sipp.js';
import { expectPassed, lines, sessionOf, useCallHarness } from './support.js';

/**
 * What the README tells a newcomer to do after `npm run dev`: call the demo
 * agent's line with the shipped sipp scenario and audio (docs/sipp). The
 * receptionist answers, offers Tuesday, books on "yes please" and hangs up.
 */
const h = useCallHarness();

describe('the demo line', () => {
  it('answers the shipped scenario: the booking conversation, then the agent hangs up', async () => {
    const line = await ensureDemoLine(h.t.orm, h.a.organizationId, h.a.projectId);
    // Idempotent: a second start finds the same line.
    expect(await ensureDemoLine(h.t.orm, h.a.organizationId, h.a.projectId)).toEqual(line);
    const root = join(import.meta.dirname, '../../..');
    const scenario = join(h.dir, 'call-demo.xml');
    writeFileSync(
      scenario,
      readFileSync(join(root, 'docs/sipp/call-demo.xml'), 'utf8').replaceAll('docs/sipp/caller.ulaw', join(root, 'docs/sipp/caller.ulaw')),
    );
    const run = await runSipp({
      scenario,
      remote: `${h.media.sip.host}:${h.media.sip.port}`,
      service: line.number.slice(1),
      localPort: randomPort(),
      timeoutS: 40,
      extra: ['-mp', String(randomPort())],
    }).done;
    expectPassed(run);
    const session = await sessionOf(h, line.number);
    expect(session).toMatchObject({ status: 'ended', end_reason: 'agent_hangup', kind: 'live' });
    expect(lines(session)).toEqual(
      expect.arrayContaining([
        ['agent', 'Hello, this is Acme Dental. How can I help you?'],
        ['customer', 'i would like to book an appointment'],
        ['agent', 'We have Tuesday at ten in the morning. Shall I book it?'],
        ['customer', 'yes please'],
        ['agent', 'You are booked for Tuesday at ten. Goodbye!'],
      ]),
    );
  }, 90_000);
});
