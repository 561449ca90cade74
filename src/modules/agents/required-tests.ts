import { sql, type Em } from '../../db/orm.js';
import { DomainError } from '../errors.js';
import type { Agent } from './agents.entity.js';

/** A required test `versionId` has no passed run of. */
export interface MissingTest {
  test_id: string;
  name: string | null;
}

/**
 * The required-tests rule of spec 3, declared once: `versionId` must have a
 * passed test run of every test in the agent's `requiredTestIds` (any run: a
 * later failed run of the same version does not undo a pass, since a version
 * never changes; flaky tests are the test author's to fix). Returns the tests
 * still missing, in the agent's order (empty: the version may go on). Raw SQL
 * over test_run, so the agents module needs no import of the quality
 * module's entities (which import the agent's).
 */
export async function missingRequiredTests(em: Em, agent: Agent, versionId: string): Promise<MissingTest[]> {
  const required = agent.requiredTestIds;
  if (!required.length) return [];
  const passed = await sql<{ test_id: string }>(
    em,
    `select distinct test_id from test_run
      where agent_id = ? and version_id = ? and status = 'passed'
        and test_id in (select json_array_elements_text(?::json))`,
    [agent.id, versionId, JSON.stringify(required)],
  );
  const done = new Set(passed.map((r) => r.test_id));
  const missing = required.filter((id) => !done.has(id));
  if (!missing.length) return [];
  const names = await sql<{ id: string; name: string }>(em, 'select id, name from agent_test where id in (select json_array_elements_text(?::json))', [
    JSON.stringify(missing),
  ]);
  const nameOf = new Map(names.map((t) => [t.id, t.name]));
  return missing.map((id) => ({ test_id: id, name: nameOf.get(id) ?? null }));
}

/** Where the gate stands: the merge of a branch, or a traffic split share naming a branch head (and its field). */
export interface GateContext {
  action: 'merge' | 'traffic_split';
  branch?: { id: string; name: string };
  field?: string;
}

/**
 * The refusal of the gate, worded for where it stands, with the same code
 * (UNPROCESSABLE, 422) and details whether a merge or a split was refused.
 */
export function requiredTestsRefusal(agent: Agent, versionId: string, missing: MissingTest[], context: GateContext): DomainError {
  const described = missing.map((t) => (t.name !== null ? `${t.name} (${t.test_id})` : t.test_id)).join(', ');
  const subject = context.branch ? `Branch ${context.branch.name} (${context.branch.id}) at version ${versionId}` : `Version ${versionId}`;
  const next =
    context.action === 'merge'
      ? 'Run them with test_run on the branch, then merge again'
      : 'Run them with test_run on the branch, then set the split again (or, with agents:publish, give override.reason to route callers to it anyway)';
  return new DomainError('UNPROCESSABLE', `${subject} has not passed the required tests: ${described}. ${next}`, {
    version_id: versionId,
    ...(context.branch ? { branch_id: context.branch.id } : {}),
    required_test_ids: agent.requiredTestIds,
    missing_test_ids: missing.map((t) => t.test_id),
    missing_tests: missing,
    ...(context.field ? { issues: [{ field: context.field, message: `has not passed the required tests ${missing.map((t) => t.test_id).join(', ')}` }] } : {}),
  });
}

/** The merge gate: refused with UNPROCESSABLE naming each missing test. */
export async function assertRequiredTestsPassed(em: Em, agent: Agent, versionId: string, context: GateContext = { action: 'merge' }): Promise<void> {
  const missing = await missingRequiredTests(em, agent, versionId);
  if (missing.length) throw requiredTestsRefusal(agent, versionId, missing, context);
}
