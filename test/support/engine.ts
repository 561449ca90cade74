import type { CallParty, Heard, NoInput, Spoken } from '../../src/modules/engine/call-party.js';
import { createAgent } from '../../src/modules/agents/create-agent.js';
import type { AgentView, CreateAgentBody } from '../../src/modules/agents/agents.schemas.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';
import { engineSettingsFrom } from '../../src/modules/engine/engine-settings.js';
import type { ConversationInput, EngineDeps } from '../../src/modules/engine/run-conversation.js';
import { createTestApp, type TestApp } from './app.js';
import { unique } from './factories.js';

/** The app with outbound calls to loopback allowed, so the engine can reach test/support/fake-openai.ts. */
export function createEngineTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp({ env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', ...env } });
}

/** What runConversation gets from the REST app: the ORM and the app's settings. */
export function engineDeps(t: TestApp): EngineDeps {
  return { orm: t.orm, settings: engineSettingsFrom(t.deps.config) };
}

/** An agent made through the domain function, as the system (every permission). */
export function makeAgent(t: TestApp, tenant: { organizationId: string }, over: Partial<CreateAgentBody> = {}): Promise<AgentView> {
  return createAgent(
    t.orm.em.fork(),
    systemPrincipal(tenant.organizationId),
    createAgent.input.parse({
      name: unique('Engine agent'),
      prompt: 'You are the front desk of Acme Dental. Be brief.',
      first_message: 'Hello, Acme Dental, how can I help?',
      ...over,
    }),
  );
}

export function conversationInput(
  tenant: { organizationId: string; projectId: string },
  agent: AgentView,
  over: Partial<ConversationInput> = {},
): ConversationInput {
  return {
    organizationId: tenant.organizationId,
    projectId: tenant.projectId,
    agentId: agent.agent_id,
    versionId: agent.version_id,
    direction: 'inbound',
    caller: { name: 'Ana Garcia', address: '+14155550123' },
    phoneNumber: '+14155550100',
    customerTurns: [],
    ...over,
  };
}

/** A caller whose turns come as a live party hears them: with kinds, hypotheses and confidences. */
export class HeardParty implements CallParty {
  readonly said: string[] = [];
  /** The no-input wait the engine asked for on each hear(). */
  readonly noInputWaits: (number | undefined)[] = [];
  private clock = 0;
  constructor(private readonly turns: (Omit<Heard, 'atMs'> | Omit<NoInput, 'atMs'>)[]) {}

  async hear(opts: { noInputMs?: number } = {}): Promise<Heard | NoInput | null> {
    this.noInputWaits.push(opts.noInputMs);
    const turn = this.turns.shift();
    if (!turn) return null;
    this.clock += 1000;
    return { ...turn, atMs: this.clock };
  }
  async speak(text: string): Promise<Spoken> {
    this.said.push(text);
    this.clock += 500;
    return { heard: text, atMs: this.clock, interrupted: false };
  }
  now() {
    return this.clock;
  }
  spend(ms: number) {
    this.clock += ms;
  }
}
