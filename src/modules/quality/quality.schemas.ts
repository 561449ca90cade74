import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { END_REASONS } from '../calls/calls.entity.js';
import { rejectNul } from '../agents/agents.schemas.js';
import { pageFields } from '../paging.js';

extendZodWithOpenApi(z);

/**
 * Tests, test runs and evaluations: one schema per payload, shared by REST,
 * MCP and the OpenAPI document. Field names are snake_case on both faces
 * (the release and test tools have no camelCase shape in the spec).
 */

const Id = (what: string) =>
  z
    .string()
    .min(1)
    .max(60)
    .regex(/^[A-Za-z0-9_-]+$/, 'an id such as tst_01J...')
    .describe(what);

/** Which agent reply a reply check reads: 0 is what the agent said before the customer's first turn. */
const Turn = z
  .number()
  .int()
  .min(0)
  .max(100)
  .describe("Only the agent's words after the customer's Nth turn (from 1); 0 is what it said before the first. Default: anywhere in the call.");

/** Flags that cannot make a pattern stateful (g and y would make test() depend on lastIndex). */
const REGEX_FLAGS = /^[imsu]{0,4}$/;

function compiles(pattern: string, flags: string | undefined): boolean {
  try {
    new RegExp(pattern, flags);
    return true;
  } catch {
    return false;
  }
}

export const ReplyContainsCheck = z
  .object({
    type: z.literal('reply_contains'),
    text: z.string().min(1).max(2000).describe('Text the agent must say (case-insensitive).'),
    turn: Turn.optional(),
  })
  .strict()
  .openapi('ReplyContainsCheck');

export const ReplyMatchesCheck = z
  .object({
    type: z.literal('reply_matches'),
    // Bounded: the pattern runs on the worker against the transcript.
    pattern: z.string().min(1).max(500).describe('A JavaScript regular expression an agent reply must match.'),
    flags: z.string().regex(REGEX_FLAGS, 'only the flags i, m, s and u').optional().describe('Regular expression flags: i, m, s, u.'),
    turn: Turn.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!compiles(value.pattern, value.flags)) ctx.addIssue({ code: 'custom', path: ['pattern'], message: 'is not a valid regular expression' });
  })
  .openapi('ReplyMatchesCheck');

export const ToolCalledCheck = z
  .object({
    type: z.literal('tool_called'),
    name: z.string().min(1).max(64).describe('The tool the agent must call.'),
    arguments: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('Arguments the call must include (a subset match: other arguments may be present; nested objects match the same way).'),
  })
  .strict()
  .openapi('ToolCalledCheck');

export const VariableEqualsCheck = z
  .object({
    type: z.literal('variable_equals'),
    key: z.string().min(1).max(64).describe('The variable the agent collects.'),
    value: z.string().max(2000).describe('Its expected value (exact).'),
  })
  .strict()
  .openapi('VariableEqualsCheck');

export const EndedWithCheck = z
  .object({
    type: z.literal('ended_with'),
    end_reason: z.enum(END_REASONS as [string, ...string[]]).describe('How the call must end, e.g. agent_hangup, transferred, error.'),
  })
  .strict()
  .openapi('EndedWithCheck');

export const TransferredCheck = z
  .object({
    type: z.literal('transferred'),
    to: z.string().min(1).max(300).optional().describe('The destination (its name or address); default: any transfer.'),
  })
  .strict()
  .openapi('TransferredCheck');

export const JudgedCheck = z
  .object({
    type: z.literal('judged'),
    rubric: z.string().min(1).max(4000).describe("What a good call does, judged by the agent's model (openai-compatible models only; otherwise skipped)."),
  })
  .strict()
  .openapi('JudgedCheck');

export const TestCheck = z
  .discriminatedUnion('type', [ReplyContainsCheck, ReplyMatchesCheck, ToolCalledCheck, VariableEqualsCheck, EndedWithCheck, TransferredCheck, JudgedCheck])
  .describe('One check of the conversation; `type` selects which.')
  .openapi('TestCheck');
export type TestCheck = z.output<typeof TestCheck>;
export type CheckType = TestCheck['type'];

export const CHECK_STATUSES = ['passed', 'failed', 'skipped'] as const;
export const CheckOutcome = z
  .object({
    index: z.number().int().describe('Position of the check in the test, from 0.'),
    type: z.string(),
    status: z.enum(CHECK_STATUSES).describe('skipped: the check could not be evaluated (a judged check on a model that cannot judge).'),
    detail: z.string().describe('Why it passed, failed or was skipped.'),
  })
  .openapi('CheckOutcome');
export type CheckOutcome = z.output<typeof CheckOutcome>;

const TestFields = z.object({
  name: z.string().trim().min(1).max(200).describe('Unique within the agent, e.g. "greets and books".'),
  customer_turns: z.array(z.string().min(1).max(2000)).min(1).max(200).describe('What the customer says, turn by turn; the agent answers each.'),
  checks: z.array(TestCheck).min(1).max(50).describe('All must pass for the test to pass (skipped checks do not count).'),
  required: z.boolean().default(false).describe('A required test gates merges: a branch head merges only after passing it.'),
});

export const CreateTestRestBody = TestFields.strict()
  .superRefine((value, ctx) => rejectNul(value, [], ctx))
  .openapi('CreateTestRestBody');
export const CreateTestBody = TestFields.extend({ agent_id: Id('The agent the test belongs to (agt_...).') })
  .strict()
  .superRefine((value, ctx) => rejectNul(value, [], ctx))
  .openapi('CreateTestBody');
export type CreateTestBody = z.input<typeof CreateTestBody>;

export const RUN_WAIT_MAX_SECONDS = 60;
const RunTestsFields = {
  test_id: Id('Run this test (tst_...). Name a test or an agent.').optional(),
  agent_id: Id('Run every test of this agent (agt_...); with test_id, checked against it.').optional(),
  branch_id: Id("Run on the head of this branch (brn_...). Default: main's head.").optional(),
  version_id: Id('Run on this version (ver_...) instead of a branch head.').optional(),
  wait_seconds: z
    .number()
    .int()
    .min(0)
    .max(RUN_WAIT_MAX_SECONDS)
    .optional()
    .describe(`Wait up to this many seconds (at most ${RUN_WAIT_MAX_SECONDS}) for the results; 0 or absent: return at once with the ids.`),
};
export const RunTestsBody = z
  .object(RunTestsFields)
  .strict()
  .superRefine((value, ctx) => {
    if (!value.test_id && !value.agent_id) ctx.addIssue({ code: 'custom', path: ['test_id'], message: 'name a test (test_id) or an agent (agent_id)' });
    if (value.branch_id && value.version_id) ctx.addIssue({ code: 'custom', path: ['version_id'], message: 'give branch_id or version_id, not both' });
  })
  .openapi('RunTestsBody');
export type RunTestsBody = z.input<typeof RunTestsBody>;

export const TestIdParams = z.object({ test_id: Id('The test (tst_...).') });
export const TestRunIdParams = z.object({ test_run_id: Id('The test run (trn_...).') });
export const EvaluationIdParams = z.object({ evaluation_id: Id('The evaluation (evl_...).') });

// ---- views ----

export const TestView = z
  .object({
    test_id: z.string(),
    agent_id: z.string(),
    name: z.string(),
    customer_turns: z.array(z.string()),
    checks: z.array(TestCheck),
    required: z.boolean(),
    created_at: z.string(),
  })
  .openapi('Test');
export type TestView = z.input<typeof TestView>;

export const TEST_RUN_STATUSES = ['queued', 'running', 'passed', 'failed', 'error'] as const;
export type TestRunStatus = (typeof TEST_RUN_STATUSES)[number];
export const EVALUATION_STATUSES = TEST_RUN_STATUSES;
export type EvaluationStatus = TestRunStatus;

export const TestTranscriptItem = z
  .object({
    speaker: z.string(),
    text: z.string(),
    tool_call: z.object({ name: z.string(), arguments: z.unknown(), result: z.unknown() }).optional(),
  })
  .openapi('TestTranscriptItem');
export type TestTranscriptItem = z.output<typeof TestTranscriptItem>;

export const TestRunView = z
  .object({
    test_run_id: z.string(),
    test_id: z.string(),
    test_name: z.string(),
    agent_id: z.string(),
    evaluation_id: z.string(),
    version_id: z.string().describe('The agent version the test ran on.'),
    branch_id: z.string().nullable().describe('The branch whose head that was, when run on a branch.'),
    status: z.enum(TEST_RUN_STATUSES).describe('queued, running, then passed, failed (a check failed) or error (the conversation could not run).'),
    checks: z.array(CheckOutcome),
    transcript: z.array(TestTranscriptItem),
    end_reason: z.string().nullable(),
    session_id: z.string().nullable().describe('The call session of the conversation (get_call reads it).'),
    duration_seconds: z.number().int(),
    cost_micros: z.number().int(),
    error: z.string().nullable(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('TestRun');
export type TestRunView = z.input<typeof TestRunView>;

export const EvaluationView = z
  .object({
    evaluation_id: z.string(),
    agent_id: z.string(),
    version_id: z.string(),
    branch_id: z.string().nullable(),
    release_id: z.string().nullable().describe('The release that ran this evaluation, if any.'),
    status: z.enum(EVALUATION_STATUSES).describe('passed when every test passed; failed when one failed; error when one could not run.'),
    total: z.number().int(),
    passed: z.number().int(),
    failed: z.number().int(),
    errored: z.number().int(),
    pass_rate: z.number().nullable().describe('passed / total, 0 to 1; null until finished.'),
    duration_seconds: z.number().int().describe("Sum of the conversations' durations."),
    wall_ms: z.number().int().nullable().describe("From the first test's start to the last one's end."),
    cost_micros: z.number().int().describe("Sum of the conversations' costs."),
    test_runs: z.array(
      z.object({
        test_run_id: z.string(),
        test_id: z.string(),
        test_name: z.string(),
        status: z.enum(TEST_RUN_STATUSES),
        failed_checks: z.array(CheckOutcome).describe('The checks that failed, if any.'),
        session_id: z.string().nullable(),
        duration_seconds: z.number().int(),
        cost_micros: z.number().int(),
        error: z.string().nullable(),
      }),
    ),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('Evaluation');
export type EvaluationView = z.input<typeof EvaluationView>;

export const TestResponse = z.object({ test: TestView }).openapi('TestResponse');
export const ListTestsResponse = z.object({ tests: z.array(TestView), ...pageFields }).openapi('ListTestsResponse');
export const TestRunResponse = z.object({ test_run: TestRunView }).openapi('TestRunResponse');
export const EvaluationResponse = z.object({ evaluation: EvaluationView }).openapi('EvaluationResponse');
export const RunTestsResult = z
  .object({
    evaluation_id: z.string().describe('The run of the suite (evaluation_get reads it).'),
    test_run_ids: z.array(z.string()).describe('One run per test (trn_...).'),
    status: z.enum(EVALUATION_STATUSES).describe('passed, failed or error once finished; queued or running while it runs.'),
    evaluation: EvaluationView.optional().describe('The results, when waited for and finished.'),
  })
  .openapi('RunTestsResult');
export type RunTestsResult = z.input<typeof RunTestsResult>;
