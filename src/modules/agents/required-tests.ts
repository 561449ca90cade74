import { sql, type Em } from '../../db/orm.js';
import { DomainError } from '../errors.js';
import type { Agent } from './agents.entity.js';

/**
 * The merge gate of spec 3: a branch head merges only after it passed the
 * agent's required tests. `versionId` must have a passed test run of every
 * test in the agent's `requiredTestIds` (any run: a later failed run of the
 * same version does not undo a pass, since a version never changes; flaky
 * tests are the test author's to fix). Refused with UNPROCESSABLE naming
 * each missing test. Raw SQL over test_run, so the agents module needs no
 * import of the quality module's entities (which import the agent's).
 */
export async function assertRequiredTestsPassed(em: Em, agent: Agent, versionId: string): Promise<void> {
  const required = agent.requiredTestIds;
  if (!required.length) return;
  const passed = await sql<{ test_id: string }>(
    em,
    `select distinct test_id from test_run
      where agent_id = ? and version_id = ? and status = 'passed'
        and test_id in (select json_array_elements_text(?::json))`,
    [agent.id, versionId, JSON.stringify(required)],
  );
  const done = new Set(passed.map((r) => r.test_id));
  const missing = required.filter((id) => !done.has(id));
  if (!missing.length) return;
  const names = await sql<{ id: string; name: string }>(
    em,
    'select id, name from agent_test where id in (select json_array_elements_text(?::json))',
    [JSON.stringify(missing)],
  );
  const nameOf = new Map(names.map((t) => [t.id, t.name]));
  const described = missing.map((id) => (nameOf.has(id) ? `${nameOf.get(id)} (${id})` : id));
  throw new DomainError('UNPROCESSABLE', `Version ${versionId} has not passed the required tests: ${described.join(', ')}. Run them with test_run on the branch, then merge again`, {
    version_id: versionId,
    required_test_ids: required,
    missing_test_ids: missing,
    missing_tests: missing.map((id) => ({ test_id: id, name: nameOf.get(id) ?? null })),
  });
}
