import { systemPrincipal } from '../../src/modules/org/permissions.js';
import { createAgentBranch } from '../../src/modules/agents/create-agent-branch.js';
import { updateAgent } from '../../src/modules/agents/update-agent.js';
import { publishAgent } from '../../src/modules/agents/publish-agent.js';
import { createTest } from '../../src/modules/quality/create-test.js';
import type { AgentView, BranchView, CreateAgentBody } from '../../src/modules/agents/agents.schemas.js';
import type { TestApp } from './app.js';
import { makeAgent } from './engine.js';
import { completion, type FakeOpenAi } from './fake-openai.js';
import { createModelProvider } from '../../src/modules/engine/create-model-provider.js';
import { engineSettingsFrom } from '../../src/modules/engine/engine-settings.js';

/** A front desk whose simulated model books, transfers and hangs up. */
export const deskRules = [
  { when: ['appointment', 'book'], say: 'We have Tuesday at 10:00.' },
  { when: 'billing', say: 'Connecting you to billing.', transfer_to: 'billing' },
  { when: 'bye', say: 'Goodbye!', hangup: true },
];
export const deskConfig = {
  destinations: [{ name: 'billing', address: '+4930123456' }],
  model: { provider: 'simulated' as const, name: 'desk', temperature: 0, rules: deskRules },
};

export interface Releasable {
  agent: AgentView;
  branch: BranchView;
  /** The version live before the release. */
  liveVersionId: string;
  /** The branch's head after its change: the version the tests run on. */
  headVersionId: string;
  requiredTestIds: string[];
}

/**
 * An agent with a published main (so a rollout has a previous version to
 * split with), a branch that changes the first message, and `requiredTests`
 * required tests that pass on the branch.
 */
export async function releasable(
  t: TestApp,
  tenant: { organizationId: string },
  options: { requiredTests?: number; branchChange?: Partial<CreateAgentBody>; agent?: Partial<CreateAgentBody> } = {},
): Promise<Releasable> {
  const system = systemPrincipal(tenant.organizationId);
  const agent = await makeAgent(t, tenant, { ...deskConfig, ...options.agent });
  const live = await publishAgent(t.orm.em.fork(), system, publishAgent.input.parse({ agentId: agent.agent_id }));
  const branch = await createAgentBranch(t.orm.em.fork(), system, createAgentBranch.input.parse({ agentId: agent.agent_id, branch: { name: 'friendlier' } }));
  const changed = await updateAgent(
    t.orm.em.fork(),
    system,
    agent.agent_id,
    updateAgent.input.parse({
      branch_id: branch.branch_id,
      first_message: 'Hi! Acme Dental here, how can I help?',
      ...options.branchChange,
    }),
  );
  const requiredTestIds: string[] = [];
  for (let i = 0; i < (options.requiredTests ?? 1); i++) {
    const test = await createTest(
      t.orm.em.fork(),
      system,
      createTest.input.parse({
        agent_id: agent.agent_id,
        name: `books ${i + 1}`,
        required: true,
        customer_turns: ['I want an appointment', 'bye'],
        checks: [
          { type: 'reply_contains', text: 'Tuesday', turn: 1 },
          { type: 'ended_with', end_reason: 'agent_hangup' },
        ],
      }),
    );
    requiredTestIds.push(test.test_id);
  }
  return { agent, branch, liveVersionId: live.live_version_id, headVersionId: changed.version_id, requiredTestIds };
}

/** Polls `read` until `done` holds, or fails after `ms` with the last value seen. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000, every = 150): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline) throw new Error(`condition not reached in ${ms} ms; last value: ${JSON.stringify(value, null, 1).slice(0, 3000)}`);
    await new Promise((r) => setTimeout(r, every));
    value = await read();
  }
  return value;
}

/**
 * A releasable agent whose model is `fake`, a local Chat Completions server scripted to answer every request
 * after 1.5 s (so a release's test step is reliably in flight when a fault comes), with one required test per
 * name in `tests` that passes on those answers.
 */
export async function slowModelReleasable(t: TestApp, tenant: { organizationId: string }, fake: FakeOpenAi, tests: string[]): Promise<Releasable> {
  const system = systemPrincipal(tenant.organizationId);
  await createModelProvider(
    t.orm.em.fork(),
    system,
    createModelProvider.input.parse({ name: 'slow local model', base_url: fake.baseUrl, api_key: 'sk-test-slow-0123456789' }),
    engineSettingsFrom(t.deps.config),
  );
  // Enough answers for the attempts a fault interrupts and their retries.
  fake.reply(...Array.from({ length: 40 }, () => ({ ...completion({ content: 'All good, see you Tuesday.' }), delayMs: 1500 })));
  const made = await releasable(t, tenant, {
    requiredTests: 0,
    agent: { model: { provider: 'openai-compatible', name: 'slow', temperature: 0 } },
    branchChange: { prompt: 'You are the front desk of Acme Dental. Be brief and warm.' },
  });
  for (const name of tests) {
    const test = await createTest(
      t.orm.em.fork(),
      system,
      createTest.input.parse({
        agent_id: made.agent.agent_id,
        name,
        required: true,
        customer_turns: ['Hello, is this Acme?'],
        checks: [
          { type: 'reply_contains', text: 'see you Tuesday', turn: 1 },
          { type: 'ended_with', end_reason: 'customer_hangup' },
        ],
      }),
    );
    made.requiredTestIds.push(test.test_id);
  }
  return made;
}
