import type { Em } from '../../db/orm.js';
import type { AgentConfig } from '../agents/agents.schemas.js';
import { ModelError } from '../engine/chat-model.js';
import { resolveChatModel } from '../engine/resolve-chat-model.js';
import type { EngineSettings } from '../engine/engine-settings.js';
import type { CheckSubject, Judgment } from './checks.js';
import type { TestCheck } from './quality.schemas.js';

const INSTRUCTIONS = [
  'You grade a recorded phone call between an AI agent and a customer against a rubric.',
  'Read the transcript and decide whether the agent met the rubric.',
  'Answer with one JSON object and nothing else: {"passed": true or false, "reason": "one sentence"}.',
].join(' ');

/**
 * Verdicts of a test's judged checks, asked of the agent's own model (an
 * openai-compatible one; a simulated model cannot judge, and its judged
 * checks come back undefined: skipped). One request per judged check, at
 * temperature 0. A model failure or an answer that is not the JSON asked for
 * fails the check with the reason, rather than passing it silently.
 */
export async function judgeChecks(
  em: Em,
  input: { organizationId: string; model: AgentConfig['model']; checks: readonly TestCheck[]; subject: CheckSubject; settings: EngineSettings },
): Promise<(Judgment | undefined)[]> {
  if (input.model.provider !== 'openai-compatible' || !input.checks.some((c) => c.type === 'judged')) return [];
  let model;
  try {
    model = await resolveChatModel(em, input.organizationId, input.model, input.settings);
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    const verdict = { passed: false, reason: `the model cannot judge: ${error.message}` };
    return input.checks.map((c) => (c.type === 'judged' ? verdict : undefined));
  }
  const transcript = input.subject.transcript
    .map((t) => (t.tool_call ? `[${t.speaker} called ${t.tool_call.name} ${JSON.stringify(t.tool_call.arguments)}]` : `${t.speaker}: ${t.text}`))
    .join('\n');
  const verdicts: (Judgment | undefined)[] = [];
  for (const check of input.checks) {
    if (check.type !== 'judged') {
      verdicts.push(undefined);
      continue;
    }
    try {
      const response = await model.complete({
        system: INSTRUCTIONS,
        messages: [{ role: 'user', content: `Rubric:\n${check.rubric}\n\nThe call ended with: ${input.subject.endReason}\n\nTranscript:\n${transcript}` }],
        tools: [],
        temperature: 0,
      });
      verdicts.push(readVerdict(response.text ?? ''));
    } catch (error) {
      if (!(error instanceof ModelError)) throw error;
      verdicts.push({ passed: false, reason: `the model could not judge: ${error.message}` });
    }
  }
  return verdicts;
}

/** The first JSON object in the answer (models wrap it in prose or code fences now and then). */
export function readVerdict(text: string): Judgment {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start >= 0 && end > start) {
    try {
      const value = JSON.parse(text.slice(start, end + 1)) as { passed?: unknown; reason?: unknown };
      if (typeof value.passed === 'boolean') {
        return {
          passed: value.passed,
          reason:
            typeof value.reason === 'string' && value.reason
              ? value.reason.slice(0, 1000)
              : value.passed
                ? 'the judge found the rubric met'
                : 'the judge found the rubric not met',
        };
      }
    } catch {
      // not JSON: reported below
    }
  }
  return { passed: false, reason: `the judge's answer was not the JSON verdict asked for: ${JSON.stringify(text.slice(0, 200))}` };
}
