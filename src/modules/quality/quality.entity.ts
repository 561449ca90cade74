import { defineEntity, p } from '@mikro-orm/core';
import { Organization, Project } from '../org/org.entity.js';
import { Agent, type Actor } from '../agents/agents.entity.js';
import type { CheckOutcome, EvaluationStatus, TestCheck, TestRunStatus, TestTranscriptItem } from './quality.schemas.js';

/**
 * A scripted conversation with checks (spec: "tests are scripted
 * conversations judged by checks"). `required` mirrors the agent's
 * `requiredTestIds` (the merge gate reads the agent row); both are written in
 * one transaction under the agent's row lock.
 */
const TestSchema = defineEntity({
  name: 'Test',
  tableName: 'agent_test',
  uniques: [{ name: 'agent_test_agent_name_unique', properties: ['agent', 'name'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    project: () => p.manyToOne(Project).mapToPk().deleteRule('cascade'),
    agent: () => p.manyToOne(Agent).mapToPk().deleteRule('cascade'),
    name: p.string().length(200),
    customerTurns: p.json<string[]>(),
    checks: p.json<TestCheck[]>(),
    required: p.boolean().default(false),
    createdBy: p.json<Actor>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class Test extends TestSchema.class {}
TestSchema.setClass(Test);

/**
 * A run of a suite: one or more tests on one agent version. The testRun
 * workflow (`test-run/<id>`) runs its test runs and then fills in the totals.
 */
const EvaluationSchema = defineEntity({
  name: 'Evaluation',
  tableName: 'evaluation',
  indexes: [{ name: 'evaluation_agent_idx', properties: ['agent', 'id'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    project: () => p.manyToOne(Project).mapToPk().deleteRule('cascade'),
    agent: () => p.manyToOne(Agent).mapToPk().deleteRule('cascade'),
    versionId: p.string().length(40),
    branchId: p.string().length(40).nullable(),
    /** The release whose test step made this evaluation; unique, so a retried step finds the one it made. */
    releaseId: p.string().length(40).nullable().unique(),
    testRunIds: p.json<string[]>(),
    status: p.string().length(10).$type<EvaluationStatus>().default('queued'),
    total: p.integer().default(0),
    passed: p.integer().default(0),
    failed: p.integer().default(0),
    errored: p.integer().default(0),
    durationSeconds: p.integer().default(0),
    costMicros: p.bigint('number').default(0),
    wallMs: p.integer().nullable(),
    createdBy: p.json<Actor>(),
    startedAt: p.datetime().nullable(),
    finishedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class Evaluation extends EvaluationSchema.class {}
EvaluationSchema.setClass(Evaluation);

/**
 * One test on one version. `sessionId` is chosen before the conversation
 * starts and committed first, so a retried activity finds the session its
 * earlier attempt made instead of making a second one (unique).
 */
const TestRunSchema = defineEntity({
  name: 'TestRun',
  tableName: 'test_run',
  indexes: [
    { name: 'test_run_evaluation_idx', properties: ['evaluation'] },
    { name: 'test_run_passed_idx', properties: ['test', 'versionId', 'status'] },
  ],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    project: () => p.manyToOne(Project).mapToPk().deleteRule('cascade'),
    agent: () => p.manyToOne(Agent).mapToPk().deleteRule('cascade'),
    test: () => p.manyToOne(Test).mapToPk().deleteRule('cascade'),
    evaluation: () => p.manyToOne(Evaluation).mapToPk().deleteRule('cascade'),
    testName: p.string().length(200),
    versionId: p.string().length(40),
    branchId: p.string().length(40).nullable(),
    status: p.string().length(10).$type<TestRunStatus>().default('queued'),
    checkOutcomes: p.json<CheckOutcome[]>(),
    transcript: p.json<TestTranscriptItem[]>(),
    endReason: p.string().length(30).nullable(),
    sessionId: p.string().length(40).nullable().unique(),
    durationSeconds: p.integer().default(0),
    costMicros: p.bigint('number').default(0),
    error: p.text().nullable(),
    /** How many times an activity started this run (more than 1 after a crash or a retry). */
    attempts: p.integer().default(0),
    startedAt: p.datetime().nullable(),
    finishedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class TestRun extends TestRunSchema.class {}
TestRunSchema.setClass(TestRun);

export const qualityEntities = [Test, Evaluation, TestRun];
