import type { Em } from '../../db/orm.js';
import { DomainError } from '../errors.js';
import { systemPrincipal } from '../org/permissions.js';
import { Agent } from '../agents/agents.entity.js';
import { createAgent } from '../agents/create-agent.js';
import { defaultEngineSettings } from '../engine/engine-settings.js';
import { PhoneNumber } from '../telephony/telephony.entity.js';
import { purchasePhoneNumber } from '../telephony/numbers/purchase-phone-number.js';
import { searchPhoneNumbers } from '../telephony/numbers/search-phone-numbers.js';

/** One agent the seeded sessions name. */
export interface SeedAgentSpec {
  name: string;
  /** The variables its sessions record. */
  vars: readonly string[];
}

export interface SeedDirectory {
  /** Agent name → id of the organization's agent of that name in the project. */
  agentIds: Map<string, string>;
  /** The organization's numbers the sessions were answered on or placed from. */
  numbers: string[];
}

/** Where a seeded transfer goes (the human team's line): a destination of every seeded agent. */
export const SEED_TRANSFER_ADDRESS = '+14155550199';

/**
 * The agents and phone numbers seeded sessions name, so a newcomer can follow
 * every id of a session (agent retrieve, phone number list) to a real row.
 * Idempotent: an agent of the same name in the project is reused (the
 * oldest), and numbers the organization already holds with the built-in
 * simulated carrier are reused before any is bought; so a second seed of the
 * same organization adds sessions and nothing else. Agents are made through
 * createAgent and numbers bought through purchasePhoneNumber (the simulated
 * carrier's shared pool: a number another organization takes meanwhile is
 * skipped), each audited as the system.
 */
export async function ensureSeedDirectory(
  em: Em,
  options: { organizationId: string; projectId: string; agents: readonly SeedAgentSpec[]; numbers: number },
): Promise<SeedDirectory> {
  const system = systemPrincipal(options.organizationId);
  const existing = await em.find(
    Agent,
    { organization: options.organizationId, project: options.projectId, name: { $in: options.agents.map((a) => a.name) } },
    { orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  const agentIds = new Map<string, string>();
  for (const agent of existing) if (!agentIds.has(agent.name)) agentIds.set(agent.name, agent.id);
  for (const spec of options.agents) {
    if (agentIds.has(spec.name)) continue;
    const made = await createAgent(
      em.fork(),
      system,
      createAgent.input.parse({
        name: spec.name,
        project_id: options.projectId,
        prompt: `You are the ${spec.name} assistant of the demo organization. Be brief and friendly; transfer to the team when asked for a person.`,
        first_message: `Thanks for calling, this is the ${spec.name} assistant. How can I help?`,
        variables: spec.vars.map((key) => ({ key, description: key.replace(/_/g, ' ') })),
        destinations: [{ name: 'team', address: SEED_TRANSFER_ADDRESS }],
      }),
    );
    agentIds.set(spec.name, made.agent_id);
  }
  return { agentIds, numbers: await ensureNumbers(em, options.organizationId, options.numbers) };
}

async function ensureNumbers(em: Em, organizationId: string, count: number): Promise<string[]> {
  const held = await em.find(PhoneNumber, { organization: organizationId, provider: 'simulated', connection: null }, { orderBy: { id: 'asc' }, limit: count });
  const numbers = held.map((n) => n.number);
  if (numbers.length >= count) return numbers;
  const system = systemPrincipal(organizationId);
  // The simulated carrier needs no settings; they are only read for a real carrier's connection.
  const settings = defaultEngineSettings();
  for (let round = 0; round < 10 && numbers.length < count; round++) {
    const { numbers: offered } = await searchPhoneNumbers(
      em.fork(),
      system,
      searchPhoneNumbers.input.parse({ country: 'US', area_code: '415', page_size: Math.min(100, count - numbers.length + 5) }),
      settings,
    );
    for (const offer of offered) {
      if (numbers.length === count) break;
      try {
        numbers.push((await purchasePhoneNumber(em.fork(), system, purchasePhoneNumber.input.parse({ number: offer.number }), settings)).number);
      } catch (error) {
        // Taken by someone else between the search and the purchase: the next one.
        if (!(error instanceof DomainError && error.code === 'CONFLICT')) throw error;
      }
    }
  }
  if (numbers.length < count)
    throw new DomainError('UNAVAILABLE', `Only ${numbers.length} of ${count} demo numbers could be bought from the simulated carrier`);
  return numbers;
}
