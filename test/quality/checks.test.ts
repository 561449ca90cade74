import { describe, it, expect } from '@jest/globals';
import { agentReplies, containsSubset, evaluateChecks, outcomeStatus, type CheckSubject } from '../../src/modules/quality/checks.js';
import { readVerdict } from '../../src/modules/quality/judge.js';
import { CreateTestBody, TestCheck } from '../../src/modules/quality/quality.schemas.js';
import { judgeGuard } from '../../src/modules/releases/guard.js';
import { GuardThresholds, RolloutPlan } from '../../src/modules/releases/releases.schemas.js';

/** A finished conversation as the engine reports it: greeting, two customer turns, a tool call, a variable, a transfer. */
const subject: CheckSubject = {
  status: 'ended',
  endReason: 'transferred',
  transcript: [
    { speaker: 'agent', text: 'Hello, Acme Dental, how can I help?' },
    { speaker: 'customer', text: 'My name is Ana Garcia' },
    {
      speaker: 'agent',
      text: 'Calling record_variable',
      tool_call: { name: 'record_variable', arguments: { key: 'customer_name', value: 'Ana Garcia' }, result: { ok: true } },
    },
    { speaker: 'agent', text: 'Thanks Ana, noted.' },
    { speaker: 'customer', text: 'I have a billing question' },
    { speaker: 'agent', text: 'I will connect you to billing.' },
    { speaker: 'system', text: 'Transferring to billing (+4930123456).' },
  ],
  toolCalls: [
    { name: 'record_variable', arguments: { key: 'customer_name', value: 'Ana Garcia' }, result: { ok: true }, status: 'succeeded' },
    { name: 'lookup', arguments: { order: { id: '42', lines: [1, 2] }, express: true }, result: {}, status: 'succeeded' },
    { name: 'transfer_call', arguments: { destination: 'billing' }, result: { ok: true }, status: 'succeeded' },
  ],
  variables: [{ key: 'customer_name', value: 'Ana Garcia' }],
  transferredTo: 'billing',
};

const run = (checks: unknown[]) =>
  evaluateChecks(
    checks.map((c) => TestCheck.parse(c)),
    subject,
  );
const statuses = (checks: unknown[]) => run(checks).map((o) => o.status);

describe('evaluateChecks', () => {
  it('reply_contains: anywhere, case-insensitively, or only after a given customer turn (0: before the first)', () => {
    expect(
      statuses([
        { type: 'reply_contains', text: 'acme dental' },
        { type: 'reply_contains', text: 'billing', turn: 2 },
        { type: 'reply_contains', text: 'billing', turn: 1 },
        { type: 'reply_contains', text: 'Hello', turn: 0 },
        { type: 'reply_contains', text: 'Hello', turn: 1 },
        { type: 'reply_contains', text: 'record_variable' }, // tool-call items are not replies
      ]),
    ).toEqual(['passed', 'passed', 'failed', 'passed', 'failed', 'failed']);
    const [failed] = run([{ type: 'reply_contains', text: 'refund', turn: 1 }]);
    expect(failed.detail).toBe('no agent reply after customer turn 1 contains "refund" (said: "Thanks Ana, noted.")');
  });

  it('reply_matches with flags, and a turn', () => {
    expect(
      statuses([
        { type: 'reply_matches', pattern: '^thanks \\w+', flags: 'i' },
        { type: 'reply_matches', pattern: '^thanks \\w+' },
        { type: 'reply_matches', pattern: 'connect you to (billing|sales)', turn: 2 },
      ]),
    ).toEqual(['passed', 'failed', 'passed']);
  });

  it('tool_called: by name, and with a subset of the arguments (nested objects, arrays exact)', () => {
    expect(
      statuses([
        { type: 'tool_called', name: 'lookup' },
        { type: 'tool_called', name: 'lookup', arguments: { express: true } },
        { type: 'tool_called', name: 'lookup', arguments: { order: { id: 42 } } },
        { type: 'tool_called', name: 'lookup', arguments: { order: { lines: [1, 2] } } },
        { type: 'tool_called', name: 'lookup', arguments: { order: { lines: [1] } } },
        { type: 'tool_called', name: 'lookup', arguments: { express: false } },
        { type: 'tool_called', name: 'end_call' },
      ]),
    ).toEqual(['passed', 'passed', 'passed', 'passed', 'failed', 'failed', 'failed']);
    expect(run([{ type: 'tool_called', name: 'end_call' }])[0].detail).toBe('end_call was not called (called: record_variable, lookup, transfer_call)');
  });

  it('variable_equals, ended_with and transferred', () => {
    expect(
      statuses([
        { type: 'variable_equals', key: 'customer_name', value: 'Ana Garcia' },
        { type: 'variable_equals', key: 'customer_name', value: 'ana garcia' },
        { type: 'variable_equals', key: 'order_number', value: '1' },
        { type: 'ended_with', end_reason: 'transferred' },
        { type: 'ended_with', end_reason: 'agent_hangup' },
        { type: 'transferred' },
        { type: 'transferred', to: 'Billing' },
        { type: 'transferred', to: 'sales' },
      ]),
    ).toEqual(['passed', 'failed', 'failed', 'passed', 'failed', 'passed', 'passed', 'failed']);
    expect(run([{ type: 'transferred' }].map((c) => c))[0].detail).toBe('transferred to billing');
    const notTransferred = evaluateChecks([TestCheck.parse({ type: 'transferred' })], { ...subject, transferredTo: null });
    expect(notTransferred[0]).toMatchObject({ status: 'failed', detail: 'the call was not transferred' });
  });

  it('judged checks are skipped without a verdict, and follow the verdict with one', () => {
    const checks = [TestCheck.parse({ type: 'judged', rubric: 'Polite' }), TestCheck.parse({ type: 'ended_with', end_reason: 'transferred' })];
    expect(evaluateChecks(checks, subject).map((o) => o.status)).toEqual(['skipped', 'passed']);
    expect(evaluateChecks(checks, subject, [{ passed: false, reason: 'rude' }])[0]).toMatchObject({ status: 'failed', detail: 'rude' });
    expect(evaluateChecks(checks, subject, [{ passed: true, reason: 'kind' }])[0]).toMatchObject({ status: 'passed', index: 0, type: 'judged' });
  });

  it('outcomeStatus: any failure fails; only skipped checks prove nothing and fail too', () => {
    const o = (status: 'passed' | 'failed' | 'skipped') => ({ index: 0, type: 'x', status, detail: '' });
    expect(outcomeStatus([o('passed'), o('skipped')])).toBe('passed');
    expect(outcomeStatus([o('passed'), o('failed')])).toBe('failed');
    expect(outcomeStatus([o('skipped')])).toBe('failed');
  });

  it('agentReplies and containsSubset', () => {
    expect(agentReplies(subject)).toEqual(['Hello, Acme Dental, how can I help?', 'Thanks Ana, noted.', 'I will connect you to billing.']);
    expect(containsSubset({ a: 1, b: { c: '2' } }, { b: { c: 2 } })).toBe(true);
    expect(containsSubset({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(containsSubset('x', { a: 1 })).toBe(false);
    expect(containsSubset(null, null)).toBe(true);
    expect(containsSubset('', 0)).toBe(false);
  });
});

describe('check and test schemas', () => {
  it('refuses unknown check types, bad patterns, stateful flags and empty check lists, naming the field', () => {
    expect(TestCheck.safeParse({ type: 'sounds_nice' }).success).toBe(false);
    const bad = TestCheck.safeParse({ type: 'reply_matches', pattern: '(' });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path.join('.'))).toEqual(['pattern']);
    expect(TestCheck.safeParse({ type: 'reply_matches', pattern: 'a', flags: 'g' }).success).toBe(false);
    expect(TestCheck.safeParse({ type: 'reply_contains', text: 'a', extra: 1 }).success).toBe(false);
    expect(CreateTestBody.safeParse({ agent_id: 'agt_x', name: 't', customer_turns: ['hi'], checks: [] }).success).toBe(false);
    expect(CreateTestBody.safeParse({ agent_id: 'agt_x', name: 't', customer_turns: ['hi'], checks: [{ type: 'judged', rubric: 'x' }] }).success).toBe(true);
  });

  it("readVerdict takes the JSON object out of a model's answer, and fails an answer without one", () => {
    expect(readVerdict('Sure! ```json\n{"passed": true, "reason": "greeted"}\n```')).toEqual({ passed: true, reason: 'greeted' });
    expect(readVerdict('{"passed": false}')).toEqual({ passed: false, reason: 'the judge found the rubric not met' });
    expect(readVerdict('I think it was fine').passed).toBe(false);
    expect(readVerdict('{"passed": "yes"}').passed).toBe(false);
  });
});

describe('the rollout guard and plan', () => {
  const stats = (calls: number, errors: number, transfers = 0, replyP95: number | null = null) => ({
    version_id: 'v',
    calls,
    errors,
    transfers,
    error_rate: calls ? errors / calls : 0,
    transfer_rate: calls ? transfers / calls : 0,
    reply_ms_p95: replyP95,
  });
  const thresholds = GuardThresholds.parse({});

  it('breaches on an error-rate or transfer-rate increase beyond the allowance, compared with the previous version', () => {
    expect(judgeGuard(thresholds, stats(10, 10), stats(10, 0), 't').breach).toMatch(/^error rate 100% on the new version \(10 of 10 calls/);
    expect(judgeGuard(thresholds, stats(20, 1), stats(20, 0), 't').breach).toBeNull(); // +5%: at the limit, not beyond
    expect(judgeGuard(thresholds, stats(10, 5), stats(10, 5), 't').breach).toBeNull(); // as bad as before: not the release's fault
    expect(judgeGuard(thresholds, stats(10, 0, 5), stats(10, 0, 1), 't').breach).toMatch(/^transfer rate 50%/);
    expect(judgeGuard({ ...thresholds, max_transfer_rate_increase: 0.5 }, stats(10, 0, 5), stats(10, 0, 1), 't').breach).toBeNull();
  });

  it('breaches on a reply latency p95 regression beyond the allowance, when both versions have measured replies', () => {
    expect(judgeGuard(thresholds, stats(10, 0, 0, 1400), stats(10, 0, 0, 600), 't').breach).toBe(
      'reply latency p95 1400 ms on the new version against 600 ms on the previous one: more than +500 ms',
    );
    expect(judgeGuard(thresholds, stats(10, 0, 0, 1100), stats(10, 0, 0, 600), 't').breach).toBeNull(); // +500: at the limit
    expect(judgeGuard(thresholds, stats(10, 0, 0, 5000), stats(10, 0, 0, null), 't').breach).toBeNull(); // nothing to compare with
    expect(judgeGuard({ ...thresholds, max_reply_p95_increase_ms: 1000 }, stats(10, 0, 0, 1400), stats(10, 0, 0, 600), 't').breach).toBeNull();
  });

  it('is inconclusive below min_calls', () => {
    const verdict = judgeGuard({ ...thresholds, min_calls: 5 }, stats(4, 4), stats(0, 0), 't');
    expect(verdict).toMatchObject({ breach: null, inconclusive: true });
  });

  it('a rollout plan increases and ends at 100', () => {
    expect(RolloutPlan.safeParse({ stages: [10, 50, 100], soak_seconds: 1 }).success).toBe(true);
    expect(RolloutPlan.safeParse({ stages: [50, 10, 100], soak_seconds: 1 }).success).toBe(false);
    expect(RolloutPlan.safeParse({ stages: [10, 50], soak_seconds: 1 }).success).toBe(false);
    expect(RolloutPlan.safeParse({ stages: [100], soak_seconds: 0 }).success).toBe(false);
  });
});
