import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { actAs, loadSession, type ConsoleSession, type Problem } from './api';
import { BASE, navigate, useLocation } from './router';
import { Link, Loading, ProblemBox } from './ui';
import { CallsPage } from './pages/calls';
import { CallPage } from './pages/call';
import { AnalyticsPage } from './pages/analytics';
import { AgentsPage } from './pages/agents';
import { AgentPage } from './pages/agent';
import { CampaignPage, CampaignsPage } from './pages/campaigns';
import { OrganizationPage } from './pages/organization';
import { ContactsPage } from './pages/contacts';
import { TelephonyPage } from './pages/telephony';
import { ToolsPage } from './pages/tools';
import { WebhooksPage } from './pages/webhooks';
import { ReleasesPage } from './pages/releases';
import { InvitationsPage } from './pages/invitations';
import { ConnectedAppsPage } from './pages/connected-apps';
import { TalkPage } from './pages/talk';
import './styles.css';

const ORG_KEY = 'console.organization';

/**
 * The console's frame: who is signed in, the organization acted in (its
 * permissions decide which controls exist), the navigation, and the page the
 * address names. Every page of the signed-in person is here (decision
 * 0062): the server renders only sign-in and consent.
 */
function App() {
  const [session, setSession] = useState<ConsoleSession>();
  const [problem, setProblem] = useState<Problem>();
  const [orgId, setOrgId] = useState(localStorage.getItem(ORG_KEY) ?? '');
  const { path, query } = useLocation();
  useEffect(() => {
    loadSession().then(setSession, setProblem);
  }, []);
  if (problem) return <ProblemBox problem={problem} />;
  if (!session) return <Loading what="your workspace" />;
  const org = session.organizations.find((o) => o.organization_id === orgId) ?? session.organizations[0];
  const reloadSession = () => void loadSession().then(setSession, setProblem);
  const invitations = <InvitationsPage email={session.user.email} csrf={session.csrf_token} onChanged={reloadSession} />;
  if (!org)
    return (
      <main>
        <p>You are not a member of any organization yet: ask an administrator for an invitation.</p>
        {invitations}
      </main>
    );
  actAs(org.organization_id, session.csrf_token);
  const can = (p: string) => org.permissions.includes(p);

  let page;
  const call = /^\/calls\/([\w-]+)$/.exec(path);
  const agent = /^\/agents\/([\w-]+)$/.exec(path);
  const campaign = /^\/campaigns\/([\w-]+)$/.exec(path);
  if (path === '/' || path === '/calls') page = <CallsPage key={org.organization_id} query={query} projects={org.projects} />;
  else if (call) page = <CallPage key={call[1]} sessionId={call[1]} org={org} />;
  else if (path === '/agents') page = <AgentsPage key={org.organization_id} />;
  else if (agent) page = <AgentPage key={agent[1]} agentId={agent[1]} org={org} />;
  else if (path === '/releases') page = <ReleasesPage key={org.organization_id} orgId={org.organization_id} />;
  else if (path === '/campaigns') page = <CampaignsPage key={org.organization_id} org={org} />;
  else if (campaign) page = <CampaignPage key={campaign[1]} campaignId={campaign[1]} org={org} />;
  else if (path === '/organization') page = <OrganizationPage key={org.organization_id} org={org} onChanged={reloadSession} />;
  else if (path === '/invitations') page = invitations;
  else if (path === '/connected-apps') page = <ConnectedAppsPage email={session.user.email} csrf={session.csrf_token} />;
  else if (path === '/talk') page = <TalkPage email={session.user.email} csrf={session.csrf_token} />;
  else if (path === '/analytics') page = <AnalyticsPage key={org.organization_id} query={query} canBill={can('billing:read')} />;
  else if (path === '/contacts') page = <ContactsPage key={org.organization_id} org={org} />;
  else if (path === '/telephony') page = <TelephonyPage key={org.organization_id} org={org} />;
  else if (path === '/tools') page = <ToolsPage key={org.organization_id} org={org} />;
  else if (path === '/webhooks') page = <WebhooksPage key={org.organization_id} org={org} />;
  else page = <p>There is no page at this address.</p>;

  return (
    <>
      <header class="top">
        <span class="brand">Voice agents</span>
        <nav aria-label="Console">
          <Link href={`${BASE}/calls`} class={path === '/' || path.startsWith('/calls') ? 'current' : ''}>
            Calls
          </Link>
          <Link href={`${BASE}/analytics`} class={path.startsWith('/analytics') ? 'current' : ''}>
            Analytics
          </Link>
          <Link href={`${BASE}/agents`} class={path.startsWith('/agents') ? 'current' : ''}>
            Agents
          </Link>
          <Link href={`${BASE}/releases`} class={path.startsWith('/releases') ? 'current' : ''}>
            Releases
          </Link>
          <Link href={`${BASE}/campaigns`} class={path.startsWith('/campaigns') ? 'current' : ''}>
            Campaigns
          </Link>
          <Link href={`${BASE}/contacts`} class={path.startsWith('/contacts') ? 'current' : ''}>
            Contacts
          </Link>
          <Link href={`${BASE}/telephony`} class={path.startsWith('/telephony') ? 'current' : ''}>
            Telephony
          </Link>
          <Link href={`${BASE}/tools`} class={path.startsWith('/tools') ? 'current' : ''}>
            Tools
          </Link>
          <Link href={`${BASE}/webhooks`} class={path.startsWith('/webhooks') ? 'current' : ''}>
            Webhooks
          </Link>
          <Link href={`${BASE}/talk`} class={path.startsWith('/talk') ? 'current' : ''}>
            Talk
          </Link>
          <Link href={`${BASE}/organization`} class={path.startsWith('/organization') ? 'current' : ''}>
            Organization
          </Link>
          <Link href={`${BASE}/connected-apps`} class={path.startsWith('/connected-apps') ? 'current' : ''}>
            Connected apps
          </Link>
          <Link href={`${BASE}/invitations`} class={path.startsWith('/invitations') ? 'current' : ''}>
            Your invitations
          </Link>
        </nav>
        <label class="org">
          <span class="sr-only">Organization</span>
          <select
            value={org.organization_id}
            onChange={(e) => {
              localStorage.setItem(ORG_KEY, e.currentTarget.value);
              setOrgId(e.currentTarget.value);
              navigate(
                `${BASE}${path === '/' || path.startsWith('/calls/') ? '/calls' : path.startsWith('/agents/') ? '/agents' : path.startsWith('/campaigns/') ? '/campaigns' : path}`,
                true,
              );
            }}
          >
            {session.organizations.map((o) => (
              <option key={o.organization_id} value={o.organization_id}>
                {o.name} ({o.role})
              </option>
            ))}
          </select>
        </label>
        <span class="user" title={session.user.email}>
          {session.user.email}
        </span>
        <form method="post" action="/dashboard/sign-out">
          <input type="hidden" name="csrf" value={session.csrf_token} />
          <button type="submit" class="link">
            Sign out
          </button>
        </form>
      </header>
      <main>{page}</main>
    </>
  );
}

render(<App />, document.getElementById('app')!);
