import { SimulatedRules, type SimulatedRule } from '../agents/agents.schemas.js';
import { ModelError, type ChatModel, type ChatRequest, type ChatResponse, type ChatToolCall, type CompleteOptions } from './chat-model.js';
import { BUILTIN } from './tools.js';

/**
 * The `simulated` provider: a deterministic model made of the version's
 * `model.rules`, so agents run offline and tests are reproducible. It reads
 * only the customer's last words: the first rule whose `when` matches acts
 * (say, record a variable, call a tool, transfer, hang up, in that order of
 * tool calls). It answers tool results with silence, which ends the engine's
 * tool loop for the turn, exactly as a real model that has nothing to add.
 * It calls tools whether or not they are offered: a rule naming a blocked
 * or unknown tool then shows as a refused tool call, which is what a test
 * author wants to see.
 */
export const SIMULATED_FALLBACK_REPLY = 'Sorry, I did not catch that. Could you say it another way?';

type Matcher = (text: string) => RegExpExecArray | null;

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A phrase matches as whole words, case-insensitively, with any whitespace between its words. */
function phraseMatcher(phrase: string): Matcher {
  const body = phrase.trim().split(/\s+/).map(escapeRegex).join('\\s+');
  const re = new RegExp(`(?<![\\p{L}\\p{N}_])${body}(?![\\p{L}\\p{N}_])`, 'iu');
  return (text) => re.exec(text);
}

function compile(when: SimulatedRule['when']): Matcher {
  if (when === undefined) return () => Object.assign([''], { index: 0, input: '', groups: undefined }) as RegExpExecArray;
  if (typeof when === 'string') return phraseMatcher(when);
  if (Array.isArray(when)) {
    const all = when.map(phraseMatcher);
    return (text) => {
      for (const m of all) {
        const hit = m(text);
        if (hit) return hit;
      }
      return null;
    };
  }
  const re = new RegExp(when.regex, when.flags ?? 'i');
  return (text) => re.exec(text);
}

/** The customer's words a rule is matched against are cut here, bounding the cost of a user-written regex. */
const MATCH_LIMIT = 4000;

export function createSimulatedModel(rules: unknown): ChatModel {
  const parsed = SimulatedRules.safeParse(rules ?? []);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ModelError('configuration', `The simulated model's rules are not valid: model.rules.${first.path.join('.')}: ${first.message}`);
  }
  const compiled = parsed.data.map((rule) => ({ rule, match: compile(rule.when) }));

  const answer = (request: ChatRequest): ChatResponse => {
    const last = request.messages.at(-1);
    if (!last || last.role !== 'user') return {};
    const text = last.content.slice(0, MATCH_LIMIT);
    for (const { rule, match } of compiled) {
      const hit = match(text);
      if (hit) return respond(rule, hit, request.messages.length);
    }
    return { text: SIMULATED_FALLBACK_REPLY };
  };
  return {
    // No tokens to stream: a streaming caller gets the whole text as one piece.
    async complete(request: ChatRequest, options?: CompleteOptions): Promise<ChatResponse> {
      const response = answer(request);
      if (response.text) options?.onText?.(response.text);
      return response;
    },
  };
}

function respond(rule: SimulatedRule, hit: RegExpExecArray, turn: number): ChatResponse {
  const calls: Omit<ChatToolCall, 'id'>[] = [];
  if (rule.set_variable) {
    const { key, value, group } = rule.set_variable;
    const captured = group === undefined ? value : typeof group === 'number' ? hit[group] : hit.groups?.[group];
    calls.push({ name: BUILTIN.recordVariable, arguments: { key, value: (captured ?? '').trim() } });
  }
  if (rule.call_tool) calls.push({ name: rule.call_tool.name, arguments: rule.call_tool.arguments });
  if (rule.transfer_to !== undefined) calls.push({ name: BUILTIN.transferCall, arguments: { destination: rule.transfer_to } });
  if (rule.hangup) calls.push({ name: BUILTIN.endCall, arguments: {} });
  return {
    ...(rule.say !== undefined ? { text: rule.say } : {}),
    // Ids derive from the position in the conversation, so a replayed conversation has the same ids.
    ...(calls.length ? { toolCalls: calls.map((c, i) => ({ id: `sim_${turn}_${i}`, ...c })) } : {}),
  };
}
