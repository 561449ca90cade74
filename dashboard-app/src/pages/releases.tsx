import { useEffect } from 'preact/hooks';
import { api, take } from '../api';
import { useLoad } from '../load';
import { BASE } from '../router';
import { label, when } from '../format';
import { Head, Link, Loading, ProblemBox } from '../ui';

/** How often the page reads the releases again: a release manager watches a rollout here. */
const REFRESH_MS = 5000;

/** Every agent's releases in the organization, newest first (each agent's own list, /v1/agent/{id}/release/list). */
async function organizationReleases() {
  const { agents } = await take(api.GET('/v1/agent/list', { params: { query: { page_size: 100 } } }));
  const lists = await Promise.all(
    agents.map((a) => take(api.GET('/v1/agent/{agent_id}/release/list', { params: { path: { agent_id: a.agent_id }, query: { page_size: 20 } } }))),
  );
  return lists.flatMap((l) => l.releases).sort((x, y) => (x.created_at < y.created_at ? 1 : x.created_at > y.created_at ? -1 : 0));
}

/**
 * Releases: the organization's releases with their steps, read again every
 * few seconds. An agent's page starts and moves them.
 */
export function ReleasesPage({ orgId }: { orgId: string }) {
  const releases = useLoad(organizationReleases, orgId);
  useEffect(() => {
    const timer = setInterval(releases.reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [releases.reload]);
  const list = releases.data;
  return (
    <section aria-labelledby="releases-title">
      <h1 id="releases-title">Releases</h1>
      <p class="muted">Newest first. This page is read again every {REFRESH_MS / 1000} seconds.</p>
      <ProblemBox problem={releases.error} />
      {releases.loading && !list ? <Loading what="releases" /> : null}
      {list && list.length === 0 && (
        <p class="muted" id="no-releases">
          No releases yet. Start one from an agent's page, with POST /v1/agent/{'{agent_id}'}/release/start or the release_start tool.
        </p>
      )}
      {list && list.length > 0 && (
        <table id="releases">
          <Head columns={['Agent', 'Status', 'Started', 'Finished', 'Steps']} />
          <tbody>
            {list.map((r) => (
              <tr key={r.release_id} data-release-id={r.release_id}>
                <td>
                  <Link href={`${BASE}/agents/${r.agent_id}`}>{r.agent_name}</Link>
                  <div class="muted">{r.release_id}</div>
                </td>
                <td class="release-status">
                  <span class={`badge ${r.status}`} data-status={r.status}>
                    {label(r.status)}
                  </span>
                  {r.paused && <span class="muted"> (paused)</span>}
                </td>
                <td>
                  {r.started_by.name ?? r.started_by.id ?? r.started_by.type}
                  <div>
                    <time dateTime={r.created_at}>{when(r.created_at)}</time>
                  </div>
                </td>
                <td>{r.finished_at ? <time dateTime={r.finished_at}>{when(r.finished_at)}</time> : '–'}</td>
                <td>
                  <ol class="steps">
                    {r.steps.map((s) => (
                      <li key={s.name} data-step={s.name}>
                        {label(s.name)}{' '}
                        <span class={`badge ${s.status}`} data-status={s.status}>
                          {label(s.status)}
                        </span>
                        {s.started_at && (
                          <span class="muted">
                            {' '}
                            <time dateTime={s.started_at}>{when(s.started_at)}</time>
                            {s.finished_at && (
                              <>
                                {' → '}
                                <time dateTime={s.finished_at}>{when(s.finished_at)}</time>
                              </>
                            )}
                          </span>
                        )}
                        {s.error && <div class="error">{s.error.slice(0, 300)}</div>}
                      </li>
                    ))}
                  </ol>
                  {r.reason && <div class="muted">{r.reason}</div>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
