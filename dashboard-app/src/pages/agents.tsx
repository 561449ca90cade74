import { api, take } from '../api';
import { useLoad } from '../load';
import { BASE } from '../router';
import { when } from '../format';
import { Link, Loading, ProblemBox, Head } from '../ui';

/** Agents: every agent of the organization, with what callers reach. */
export function AgentsPage() {
  const agents = useLoad(() => take(api.GET('/v1/agent/list', { params: { query: { page_size: 100, archived: 'include' } } })), 'agents');
  return (
    <section aria-labelledby="agents-title">
      <h1 id="agents-title">Agents</h1>
      <ProblemBox problem={agents.error} />
      {agents.loading && !agents.data ? <Loading what="agents" /> : null}
      {agents.data && (
        <table class="agents">
          <Head columns={['Agent', 'Live version', 'Head of main', 'Updated']} />
          <tbody>
            {agents.data.agents.map((a) => (
              <tr key={a.agent_id}>
                <td>
                  <Link href={`${BASE}/agents/${a.agent_id}`}>{a.name}</Link>
                  {a.archived_at && <span class="badge"> archived</span>}
                </td>
                <td>{a.live_version_id ?? <span class="muted">not published</span>}</td>
                <td>{a.version_id}</td>
                <td>{when(a.updated_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
