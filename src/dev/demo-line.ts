import type { Orm } from '../db/orm.js';
import { Agent } from '../modules/agents/agents.entity.js';
import { createAgent } from '../modules/agents/create-agent.js';
import { publishAgent } from '../modules/agents/publish-agent.js';
import { createTest } from '../modules/quality/create-test.js';
import type { Em } from '../db/orm.js';
import { Destination, PhoneNumber, SipTrunk } from '../modules/telephony/telephony.entity.js';
import { createDestination } from '../modules/telephony/destinations/create-destination.js';
import { createSipTrunk } from '../modules/telephony/trunks/create-sip-trunk.js';
import { purchasePhoneNumber } from '../modules/telephony/numbers/purchase-phone-number.js';
import { searchPhoneNumbers } from '../modules/telephony/numbers/search-phone-numbers.js';
import { defaultEngineSettings } from '../modules/engine/engine-settings.js';
import { systemPrincipal } from '../modules/org/permissions.js';

export const DEMO_LINE_AGENT = 'Demo receptionist';
/** What the shipped caller audio (docs/sipp/caller.ulaw) says; also the demo agent's test, so it is in the recognizer's grammar. */
export const DEMO_CALLER_PHRASE = 'I would like to book an appointment';
/** The demo number's inbound trunk: calls from this machine are admitted by address (decision 0053). */
export const DEMO_LINE_TRUNK = 'Demo line (this machine)';

/**
 * The number a newcomer can phone with sipp (README, "Call the demo agent"):
 * a published receptionist with simulated rules, answering a demo number
 * whose inbound trunk admits this machine (127.0.0.1 and ::1) and nobody else.
 * Idempotent: found by the agent's name and the number's destination (a
 * demo line made before SIP admission gets its trunk here).
 */
export async function ensureDemoLine(orm: Orm, organizationId: string, projectId: string): Promise<{ number: string; agentId: string }> {
  const em = orm.em.fork();
  const system = systemPrincipal(organizationId);
  let agent = await em.findOne(Agent, { organization: organizationId, name: DEMO_LINE_AGENT });
  if (!agent) {
    const made = await createAgent(
      em.fork(),
      system,
      createAgent.input.parse({
        name: DEMO_LINE_AGENT,
        project_id: projectId,
        prompt: 'You are the receptionist of Acme Dental. Book appointments; be brief.',
        first_message: 'Hello, this is Acme Dental. How can I help you?',
        model: {
          provider: 'simulated',
          name: 'receptionist',
          temperature: 0,
          rules: [
            { when: 'book an appointment', say: 'We have Tuesday at ten in the morning. Shall I book it?' },
            { when: ['yes', 'yes please'], say: 'You are booked for Tuesday at ten. Goodbye!', hangup: true },
            { when: ['goodbye', 'bye', 'no'], say: 'Goodbye!', hangup: true },
            { say: 'Sorry, I can only book appointments.' },
          ],
        },
      } as never),
    );
    await createTest(
      em.fork(),
      system,
      createTest.input.parse({
        agent_id: made.agent_id,
        name: 'books an appointment',
        customer_turns: [DEMO_CALLER_PHRASE, 'yes please'],
        checks: [{ type: 'reply_contains', text: 'Tuesday' }],
      }),
    );
    await publishAgent(em.fork(), system, publishAgent.input.parse({ agentId: made.agent_id }));
    agent = await em.findOneOrFail(Agent, { id: made.agent_id });
  }
  const settings = defaultEngineSettings();
  const trunkId = await ensureLoopbackTrunk(em, organizationId);
  const routed = await em.findOne(Destination, { organization: organizationId, agent: agent.id, kind: 'phone_number' });
  if (routed) {
    if (!routed.trunk) await em.nativeUpdate(Destination, { id: routed.id }, { trunk: trunkId });
    return { number: routed.address, agentId: agent.id };
  }
  const { numbers } = await searchPhoneNumbers(em.fork(), system, searchPhoneNumbers.input.parse({ country: 'US', area_code: '415', page_size: 5 }), settings);
  let number: string | undefined;
  for (const offer of numbers) {
    if (await em.count(PhoneNumber, { number: offer.number })) continue;
    number = (await purchasePhoneNumber(em.fork(), system, purchasePhoneNumber.input.parse({ number: offer.number }), settings)).number;
    break;
  }
  if (!number) throw new Error('no demo number could be bought from the simulated carrier');
  await createDestination(
    em.fork(),
    system,
    createDestination.input.parse({ kind: 'phone_number', address: number, agent_id: agent.id, sip_trunk_id: trunkId }),
  );
  return { number, agentId: agent.id };
}

async function ensureLoopbackTrunk(em: Em, organizationId: string): Promise<string> {
  const found = await em.findOne(SipTrunk, { organization: organizationId, name: DEMO_LINE_TRUNK });
  if (found) return found.id;
  const body = createSipTrunk.input.parse({ name: DEMO_LINE_TRUNK, direction: 'inbound', allowed_ips: ['127.0.0.1/32', '::1/128'] });
  return (await createSipTrunk(em.fork(), systemPrincipal(organizationId), body, defaultEngineSettings())).sip_trunk_id;
}
