import { useEffect, useRef, useState } from 'preact/hooks';
import { consoleFetch, type Problem } from '../api';
import { useLoad } from '../load';
import { Head, Loading, ProblemBox } from '../ui';
import { WebCall } from '../talk/web-call';

/** A published agent the person may call from the browser (tests:run), in any of their organizations. */
interface TalkableAgent {
  agent_id: string;
  name: string;
  organization_name: string;
}

/** The stream address of one call (POST /dashboard/api/talk/{agent_id}/open). */
interface OpenedCall {
  stream_url: string;
  agent_id: string;
  expires_at: string;
}

/**
 * Talk to an agent (issue 15): a call from this browser, the microphone as
 * the caller, recorded as a call session with direction `web`. The status
 * line counts the agent's sentences played (data-sentences-heard), which is
 * what the agent learns from the echoed marks.
 */
export function TalkPage({ email, csrf }: { email: string; csrf: string }) {
  const agents = useLoad(() => consoleFetch<{ agents: TalkableAgent[] }>('/talk/agents', csrf), email);
  const [status, setStatus] = useState('Not in a call.');
  const [heard, setHeard] = useState(0);
  const [problem, setProblem] = useState<Problem>();
  const [call, setCall] = useState<WebCall>();
  const current = useRef<WebCall>();
  // Leaving the page hangs up: nothing else would stop the microphone.
  useEffect(() => () => current.current?.end(), []);

  const talkTo = async (agentId: string) => {
    if (current.current) return;
    setProblem(undefined);
    setHeard(0);
    setStatus('Connecting…');
    // Made inside the click, before any await, so the browser lets it play the agent.
    const audio = new AudioContext();
    const webCall = new WebCall(audio, {
      status: setStatus,
      sentenceHeard: () => setHeard((n) => n + 1),
      ended: (text) => {
        current.current = undefined;
        setCall(undefined);
        if (text) setStatus(text);
      },
    });
    current.current = webCall;
    setCall(webCall);
    try {
      const opened = await consoleFetch<OpenedCall>(`/talk/${encodeURIComponent(agentId)}/open`, csrf, 'POST');
      await webCall.start(opened.stream_url);
    } catch (error) {
      webCall.end(error instanceof Error ? `The call could not start: ${error.message}` : 'Not in a call.');
      if (!(error instanceof Error)) setProblem(error as Problem);
    }
  };

  const list = agents.data?.agents;
  return (
    <section aria-labelledby="talk-title">
      <h1 id="talk-title">Talk to an agent</h1>
      <p class="muted">A call from this browser: your microphone is the caller. It is recorded as a call session (direction web).</p>
      <p id="talk-status" role="status" aria-live="polite" data-sentences-heard={heard}>
        {status}
      </p>
      <p class="actions">
        <button type="button" class="danger" id="hang-up" disabled={!call} onClick={() => call?.end('You hung up.')}>
          Hang up
        </button>
      </p>
      <ProblemBox problem={agents.error ?? problem} />
      {agents.loading && !list ? <Loading what="agents" /> : null}
      {list && list.length === 0 && (
        <p class="muted" id="no-agents">
          No published agent you may test yet.
        </p>
      )}
      {list && list.length > 0 && (
        <table id="talk-agents">
          <Head columns={['Agent', '']} />
          <tbody>
            {list.map((a) => (
              <tr key={a.agent_id} data-agent-id={a.agent_id}>
                <td>
                  <strong>{a.name}</strong>
                  <br />
                  <span class="muted">
                    {a.organization_name} · {a.agent_id}
                  </span>
                </td>
                <td class="actions">
                  <button
                    type="button"
                    class="talk"
                    data-agent-id={a.agent_id}
                    aria-label={`Talk to ${a.name}`}
                    disabled={!!call}
                    onClick={() => void talkTo(a.agent_id)}
                  >
                    Talk to this agent
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
