import { useState } from 'preact/hooks';
import { consoleFetch } from '../api';
import { useAction, useLoad } from '../load';
import { Confirm, Head, Loading, ProblemBox } from '../ui';

/** An assistant the signed-in person connected over OAuth (the console's own route: a connection is the person's, in any organization). */
interface ConnectedApp {
  connection_id: string;
  client_name: string;
  organization_name: string;
  project_name: string;
  connected_at: string;
  last_used_at: string | null;
}

const utc = (iso: string | null) => (iso ? <time dateTime={iso}>{iso.replace('T', ' ').slice(0, 16)} UTC</time> : 'never');

/**
 * Connected apps: the assistants connected to the person's account, each
 * with the organization and project its tokens act in, and Disconnect (its
 * next request is refused and it can no longer refresh its token).
 */
export function ConnectedAppsPage({ email, csrf }: { email: string; csrf: string }) {
  const apps = useLoad(() => consoleFetch<{ connected_apps: ConnectedApp[] }>('/connected-apps', csrf), email);
  const { problem, run } = useAction();
  const [notice, setNotice] = useState<string>();
  const disconnect = async (id: string) => {
    setNotice(undefined);
    const done = await run(() => consoleFetch(`/connected-apps/${encodeURIComponent(id)}/disconnect`, csrf, 'POST'), apps.reload);
    if (done) setNotice('The app was disconnected: its next request will be refused.');
  };
  const list = apps.data?.connected_apps;
  return (
    <section aria-labelledby="connected-apps-title">
      <h1 id="connected-apps-title">Connected apps</h1>
      {notice && (
        <p id="notice" role="status">
          {notice}
        </p>
      )}
      <ProblemBox problem={apps.error ?? problem} />
      {apps.loading && !list ? <Loading what="connected apps" /> : null}
      {list && list.length === 0 && (
        <p class="muted" id="no-connections">
          No assistant is connected. Connect one from your assistant: it opens the sign-in page for you.
        </p>
      )}
      {list && list.length > 0 && (
        <table id="connected-apps">
          <Head columns={['App', 'Organization', 'Project', 'Connected', 'Last used', '']} />
          <tbody>
            {list.map((c) => (
              <tr key={c.connection_id} data-connection-id={c.connection_id}>
                <td class="client-name">{c.client_name}</td>
                <td>{c.organization_name}</td>
                <td>{c.project_name}</td>
                <td>{utc(c.connected_at)}</td>
                <td>{utc(c.last_used_at)}</td>
                <td class="actions">
                  <Confirm action="Disconnect" what={c.client_name} onConfirm={() => void disconnect(c.connection_id)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
