/**
 * Set-up shared by the benches that place real SIP calls (media, conversation): an agent line (a published agent
 * on the simulated model, its grammar from a test's customer turns, a number routed to it over a loopback trunk)
 * and the media process as a child with callers' user agents on loopback addresses.
 */
import type { Orm } from '../src/db/orm.js';
import { systemPrincipal } from '../src/modules/org/permissions.js';
import { createAgent } from '../src/modules/agents/create-agent.js';
import { publishAgent } from '../src/modules/agents/publish-agent.js';
import { createTest } from '../src/modules/quality/create-test.js';
import type { engineSettingsFrom } from '../src/modules/engine/engine-settings.js';
import { purchasePhoneNumber } from '../src/modules/telephony/numbers/purchase-phone-number.js';
import { searchPhoneNumbers } from '../src/modules/telephony/numbers/search-phone-numbers.js';
import { createDestination } from '../src/modules/telephony/destinations/create-destination.js';
import { createSipTrunk } from '../src/modules/telephony/trunks/create-sip-trunk.js';
import { SipUserAgent } from '../src/media/transports/sip/user-agent.js';
import { MediaChild } from './media-child.js';

/** An agent on the simulated model, published, with a test whose customer turns give the recognizer its grammar; and a number routed to it. */
export async function agentLine(
  orm: Orm,
  organizationId: string,
  settings: ReturnType<typeof engineSettingsFrom>,
  body: object,
  phrases: string[],
): Promise<string> {
  const system = systemPrincipal(organizationId);
  const agent = await createAgent(orm.em.fork(), system, { name: `Media bench ${phrases[0]}`, prompt: 'You are the front desk. Be brief.', ...body } as never);
  await publishAgent(orm.em.fork(), system, publishAgent.input.parse({ agentId: agent.agent_id }));
  await createTest(
    orm.em.fork(),
    system,
    createTest.input.parse({
      agent_id: agent.agent_id,
      name: 'phrases',
      customer_turns: phrases,
      checks: [{ type: 'reply_contains', text: 'the' }],
    }),
  );
  const { numbers } = await searchPhoneNumbers(
    orm.em.fork(),
    system,
    searchPhoneNumbers.input.parse({ country: 'US', area_code: '415', page_size: 1 }),
    settings,
  );
  const { number } = await purchasePhoneNumber(orm.em.fork(), system, purchasePhoneNumber.input.parse({ number: numbers[0].number }), settings);
  // The bench's sipp and user agents call from this machine, the user agents from 127.0.1.1-16: the number's inbound
  // trunk admits all of loopback (decision 0053; 127.0.0.1/32 alone refused every call of theirs with 403).
  const trunk = await createSipTrunk(
    orm.em.fork(),
    system,
    createSipTrunk.input.parse({ name: `loopback ${number}`, direction: 'inbound', allowed_ips: ['127.0.0.0/8', '::1/128'] }),
    settings,
  );
  await createDestination(
    orm.em.fork(),
    system,
    createDestination.input.parse({ kind: 'phone_number', address: number, agent_id: agent.agent_id, sip_trunk_id: trunk.sip_trunk_id }),
  );
  return number;
}

/**
 * The media process as a child on `url` (its data in `dir`), and `sources` callers' user agents on 127.0.1.1-N:
 * the media process limits new INVITEs per source address (10/s), as it would a flood.
 */
export async function startMediaChild(
  url: string,
  dir: string,
  sources: number,
): Promise<{ child: MediaChild; uas: SipUserAgent[]; target: (number: string) => string }> {
  const rtpMin = 20000 + 2 * Math.floor(Math.random() * 9000);
  const child = await MediaChild.start({
    DATABASE_URL: url,
    DATA_DIR: dir,
    SIP_HOST: '127.0.0.1',
    SIP_PORT: '0',
    RTP_PORT_MIN: String(rtpMin),
    RTP_PORT_MAX: String(rtpMin + 999),
    DB_POOL_MAX: '20',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
  });
  const uas = await Promise.all(Array.from({ length: sources }, (_, i) => SipUserAgent.listen({ host: `127.0.1.${i + 1}`, port: 0 })));
  const target = (number: string) => `sip:${number}@${child.sip.host}:${child.sip.port}`;
  return { child, uas, target };
}
