/**
 * Issue #4 benchmark, the parts that need no workflow:
 * - prompt patch latency on a 50 KB prompt that already has 1,000 revisions;
 * - simulated conversation turns per second through the engine, called
 *   directly (the Temporal side is printed by bench/release.bench.ts).
 *
 *   npm run bench -- agents
 */
import { loadConfig } from '../src/config.js';
import { initOrm, migrate } from '../src/db/orm.js';
import { entities } from '../src/entities.js';
import { createOrganization } from '../src/modules/org/create-organization.js';
import { systemPrincipal } from '../src/modules/org/permissions.js';
import { createAgent } from '../src/modules/agents/create-agent.js';
import { patchAgentPrompt } from '../src/modules/agents/patch-agent-prompt.js';
import { runConversation } from '../src/modules/engine/run-conversation.js';
import { engineSettingsFrom } from '../src/modules/engine/engine-settings.js';
import { ensureDatabase, fmt, percentile, table, timeIt } from './support.js';

const REVISIONS = Number(process.env.BENCH_REVISIONS ?? 1000);
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 200);

/** About 50 KB of prompt in numbered lines, so every line is a unique anchor. */
function longPrompt(): string {
  const lines: string[] = [];
  for (let i = 0; lines.join('\n').length < 50 * 1024; i++) {
    lines.push(`Rule ${i}: when the caller asks about topic ${i}, answer briefly and offer to book an appointment (v0).`);
  }
  return lines.join('\n');
}

export async function run() {
  const url = await ensureDatabase(process.env.BENCH_DB_NAME ?? 'voice_platform_bench');
  const orm = await initOrm({ entities, url, poolMax: 8, logger: () => {} });
  await migrate(orm);
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent' });
  const { organization } = await createOrganization(orm.em.fork(), { name: 'Agents bench', slug: `agents-bench-${Date.now()}` });
  const principal = systemPrincipal(organization.id);
  const prompt = longPrompt();
  const agent = await createAgent(orm.em.fork(), principal, createAgent.input.parse({ name: 'Long prompt', prompt }));
  let hash = agent.prompt_hash;
  const patch = async (i: number) => {
    const line = i % 200;
    const result = await patchAgentPrompt(
      orm.em.fork(),
      principal,
      patchAgentPrompt.input.parse({
        agentId: agent.agent_id,
        expectedHash: hash,
        edits: [{ anchor: `Rule ${line}: when the caller asks about topic ${line},`, op: 'insert_after', text: ` (note ${i})` }],
      }),
    );
    hash = (result as { prompt_hash: string }).prompt_hash;
  };
  const fill = await timeIt(async () => {
    for (let i = 0; i < REVISIONS; i++) await patch(i);
  });
  const latencies: number[] = [];
  for (let i = REVISIONS; i < REVISIONS + 200; i++) latencies.push((await timeIt(() => patch(i))).ms);
  latencies.sort((x, y) => x - y);

  // Engine turns per second: a simulated agent, conversations of 6 customer turns, one after another.
  const chat = await createAgent(
    orm.em.fork(),
    principal,
    createAgent.input.parse({
      name: 'Simulated desk',
      prompt: 'You are the front desk.',
      first_message: 'Hello, how can I help?',
      variables: [{ key: 'customer_name', description: 'Name' }],
      model: {
        provider: 'simulated',
        name: 'desk',
        temperature: 0,
        rules: [
          { when: { regex: 'my name is (?<name>[A-Za-z]+)' }, say: 'Thanks, noted.', set_variable: { key: 'customer_name', group: 'name' } },
          { when: ['appointment'], say: 'We have Tuesday at 10:00.' },
          { when: 'bye', say: 'Goodbye!', hangup: true },
          { say: 'Could you tell me more?' },
        ],
      },
    } as never),
  );
  const turns = ['Hi there', 'my name is Ana', 'I need an appointment', 'Tuesday works', 'thanks a lot', 'bye'];
  const settings = engineSettingsFrom(config);
  const engine = await timeIt(async () => {
    for (let i = 0; i < CONVERSATIONS; i++) {
      await runConversation(
        { orm, settings },
        {
          organizationId: organization.id,
          projectId: chat.project_id,
          agentId: chat.agent_id,
          versionId: chat.version_id,
          direction: 'inbound',
          caller: { address: `+1415555${String(1000 + (i % 9000)).padStart(4, '0')}` },
          customerTurns: turns,
        },
      );
    }
  });
  const totalTurns = CONVERSATIONS * turns.length;

  console.log(`\nagents benchmark (PostgreSQL; ms)\n`);
  console.log(
    table([
      ['measure', 'value', 'p50', 'p95', 'p99'],
      [`fill: ${REVISIONS} patches on a ${Math.round(prompt.length / 1024)} KB prompt`, `${fmt(fill.ms / 1000, 1)} s`, '', '', ''],
      [
        `patch with ${REVISIONS}+ revisions (200 samples)`,
        '',
        fmt(percentile(latencies, 50), 2),
        fmt(percentile(latencies, 95), 2),
        fmt(percentile(latencies, 99), 2),
      ],
      [`engine direct: ${CONVERSATIONS} conversations x ${turns.length} turns`, `${fmt(totalTurns / (engine.ms / 1000), 0)} turns/s`, '', '', ''],
    ]),
  );
  await orm.close(true);
}
