import type { CheckOutcome, TestCheck } from './quality.schemas.js';

/**
 * The checks of a test over the outcome of its conversation: a pure function
 * (no I/O, no clock), so it is unit-tested on its own and gives the same
 * verdict however often a test run is retried. Judged checks need a model:
 * their verdicts are computed beforehand (judge.ts) and passed in.
 *
 * `CheckSubject` is the part of the engine's ConversationResult the checks
 * read, declared structurally so the evaluator depends on nothing else.
 */
export interface CheckSubject {
  status: string;
  endReason: string;
  transcript: { speaker: string; text: string; tool_call?: { name: string; arguments: unknown; result: unknown } }[];
  toolCalls: { name: string; arguments: unknown; result: unknown; status: string }[];
  variables: { key: string; value: string }[];
  transferredTo: string | null;
}

/** A judged check's verdict; absent when the agent's model cannot judge. */
export interface Judgment {
  passed: boolean;
  reason: string;
}

export function evaluateChecks(checks: readonly TestCheck[], subject: CheckSubject, judgments: readonly (Judgment | undefined)[] = []): CheckOutcome[] {
  return checks.map((check, index) => {
    const { status, detail } = evaluate(check, subject, judgments[index]);
    return { index, type: check.type, status, detail };
  });
}

/** passed when no check failed and at least one passed: a test whose every check was skipped proves nothing. */
export function outcomeStatus(outcomes: readonly CheckOutcome[]): 'passed' | 'failed' {
  if (outcomes.some((o) => o.status === 'failed')) return 'failed';
  return outcomes.some((o) => o.status === 'passed') ? 'passed' : 'failed';
}

type Verdict = { status: CheckOutcome['status']; detail: string };
const pass = (detail: string): Verdict => ({ status: 'passed', detail });
const fail = (detail: string): Verdict => ({ status: 'failed', detail });
const quote = (s: string, max = 120) => JSON.stringify(s.length > max ? `${s.slice(0, max)}…` : s);

function evaluate(check: TestCheck, subject: CheckSubject, judgment: Judgment | undefined): Verdict {
  switch (check.type) {
    case 'reply_contains': {
      const replies = agentReplies(subject, check.turn);
      const needle = check.text.toLowerCase();
      const hit = replies.find((r) => r.toLowerCase().includes(needle));
      return hit !== undefined
        ? pass(`the agent said ${quote(hit)}`)
        : fail(`no agent reply${where(check.turn)} contains ${quote(check.text)}${seen(replies)}`);
    }
    case 'reply_matches': {
      const replies = agentReplies(subject, check.turn);
      const pattern = new RegExp(check.pattern, check.flags);
      const hit = replies.find((r) => pattern.test(r));
      return hit !== undefined
        ? pass(`the agent said ${quote(hit)}`)
        : fail(`no agent reply${where(check.turn)} matches /${check.pattern}/${check.flags ?? ''}${seen(replies)}`);
    }
    case 'tool_called': {
      const calls = subject.toolCalls.filter((c) => c.name === check.name);
      if (!calls.length) {
        const names = [...new Set(subject.toolCalls.map((c) => c.name))];
        return fail(`${check.name} was not called${names.length ? ` (called: ${names.join(', ')})` : ' (no tool was called)'}`);
      }
      if (check.arguments === undefined) return pass(`${check.name} was called ${calls.length} time(s)`);
      const hit = calls.find((c) => containsSubset(c.arguments, check.arguments));
      return hit
        ? pass(`${check.name} was called with ${JSON.stringify(hit.arguments)}`)
        : fail(`${check.name} was called, but never with ${JSON.stringify(check.arguments)} (got ${calls.map((c) => JSON.stringify(c.arguments)).join('; ')})`);
    }
    case 'variable_equals': {
      // The last value recorded wins, as in the session's variables.
      const found = subject.variables.filter((v) => v.key === check.key).at(-1);
      if (!found) return fail(`the variable ${check.key} was not collected`);
      return found.value === check.value
        ? pass(`${check.key} = ${quote(found.value)}`)
        : fail(`${check.key} = ${quote(found.value)}, expected ${quote(check.value)}`);
    }
    case 'ended_with':
      return subject.endReason === check.end_reason
        ? pass(`the call ended with ${subject.endReason}`)
        : fail(`the call ended with ${subject.endReason}, expected ${check.end_reason}`);
    case 'transferred': {
      const to = subject.transferredTo;
      if (to === null) return fail('the call was not transferred');
      if (check.to === undefined || to.toLowerCase() === check.to.toLowerCase()) return pass(`transferred to ${to}`);
      return fail(`transferred to ${to}, expected ${check.to}`);
    }
    case 'judged':
      if (!judgment) return { status: 'skipped', detail: "judged checks need an openai-compatible model; this agent's model cannot judge" };
      return judgment.passed ? pass(judgment.reason) : fail(judgment.reason);
  }
}

/**
 * What the agent said, as one string per reply. With `turn`, only the
 * replies after the customer's `turn`th turn and before the next one (turn 0:
 * before the customer's first). Tool-call items are not replies.
 */
export function agentReplies(subject: Pick<CheckSubject, 'transcript'>, turn?: number): string[] {
  const out: string[] = [];
  let customerTurns = 0;
  for (const item of subject.transcript) {
    if (item.speaker === 'customer') {
      customerTurns += 1;
      continue;
    }
    if (item.speaker !== 'agent' || item.tool_call || !item.text) continue;
    if (turn === undefined || turn === customerTurns) out.push(item.text);
  }
  return out;
}

/**
 * True when `actual` holds everything in `expected`: objects match key by key
 * (extra keys allowed, recursively), arrays and scalars must be equal (a
 * number also matches its string form, since models often send "2" for 2).
 */
export function containsSubset(actual: unknown, expected: unknown): boolean {
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected)) {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
    const a = actual as Record<string, unknown>;
    return Object.entries(expected as Record<string, unknown>).every(([k, v]) => k in a && containsSubset(a[k], v));
  }
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((v, i) => containsSubset(actual[i], v));
  }
  if (typeof expected === 'number' && typeof actual === 'string') return actual.trim() !== '' && Number(actual) === expected;
  if (typeof expected === 'string' && typeof actual === 'number') return expected.trim() !== '' && Number(expected) === actual;
  return Object.is(actual, expected);
}

const where = (turn: number | undefined) => (turn === undefined ? '' : turn === 0 ? ' before the customer spoke' : ` after customer turn ${turn}`);
const seen = (replies: string[]) =>
  replies.length
    ? ` (said: ${replies
        .slice(0, 3)
        .map((r) => quote(r, 60))
        .join(', ')}${replies.length > 3 ? ', …' : ''})`
    : ' (the agent said nothing there)';
