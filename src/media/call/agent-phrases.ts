import type { Em } from '../../db/orm.js';
import type { AgentConfig } from '../../modules/agents/agents.schemas.js';
import { Test } from '../../modules/quality/quality.entity.js';
import { CALL_CONTROL_PHRASES } from '../../modules/engine/repair.js';

/** What a caller says to confirm or decline an Ask tool, or to end a call: always in the grammar. */
const ALWAYS = ['yes', 'yes please', 'no', 'no thanks', 'thank you', 'goodbye', 'bye'];

/**
 * The phrases a caller of this agent is expected to say, for speech
 * recognition as a grammar (offline) or as hints (cloud): the customer turns
 * of the agent's tests, the plain-text triggers of its simulated model's
 * rules, confirmation words, and the call-control phrases every caller may
 * say ("can you repeat that", "mhm", "hello": the engine's repair.ts), so
 * that these are heard as themselves instead of forced onto a task phrase. Open-vocabulary offline recognition of phone
 * audio is not usable (it rarely returns the words said); a closed list makes test calls exact.
 */
export async function agentPhrases(em: Em, agentId: string, config: AgentConfig): Promise<string[]> {
  const tests = await em.find(Test, { agent: agentId });
  const phrases = new Set<string>([...ALWAYS, ...CALL_CONTROL_PHRASES]);
  for (const test of tests) for (const turn of test.customerTurns) phrases.add(turn);
  if (config.model.provider === 'simulated') {
    for (const rule of config.model.rules ?? []) {
      const when = rule.when;
      if (typeof when === 'string') phrases.add(when);
      else if (Array.isArray(when)) for (const w of when) phrases.add(w);
    }
  }
  return [...phrases].map((p) => p.trim()).filter((p) => p.length > 0 && p.length <= 200);
}
