import { useState } from 'preact/hooks';
import { api, take, type Organization, type Problem } from '../api';
import { useLoad } from '../load';
import { BASE } from '../router';
import { duration, label, money, offset, when } from '../format';
import { Link, Loading, ProblemBox, Head } from '../ui';
import type { components } from '../api/v1';

type Session = components['schemas']['CallSession'];
type Leg = components['schemas']['Leg'];
type Item = components['schemas']['TranscriptItem'];

/**
 * One call: what happened (agent, caller, status, end reason, cost), its
 * recording through a fresh signed link, each leg's transcript with its tool
 * calls opened on demand (request, response and any Ask confirmation), the
 * variables the agent collected, the summaries and the cost per component.
 */
export function CallPage({ sessionId, org }: { sessionId: string; org: Organization }) {
  const can = (p: string) => org.permissions.includes(p);
  const call = useLoad(() => take(api.GET('/v1/call_session/retrieve/{session_id}', { params: { path: { session_id: sessionId } } })), sessionId);
  const s = call.data?.session;
  return (
    <section aria-labelledby="call-title">
      <p>
        <Link href={`${BASE}/calls`}>← Calls</Link>
      </p>
      <h1 id="call-title">Call {sessionId}</h1>
      <ProblemBox problem={call.error} />
      {call.loading && !s ? <Loading what="the call" /> : null}
      {s && (
        <>
          <Facts s={s} />
          {s.status === 'in_progress' && can('outbound:call') && <HangUp sessionId={sessionId} onDone={call.reload} />}
          {s.has_recording && can('recordings:read') && <Recording sessionId={sessionId} />}
          {s.legs.map((leg, i) => (
            <LegTranscript key={leg.leg_id} sessionId={sessionId} leg={leg} index={i} />
          ))}
          {s.variables.length > 0 && (
            <section aria-labelledby="vars">
              <h2 id="vars">Variables</h2>
              <dl class="facts">
                {s.variables.map((v) => (
                  <>
                    <dt>{v.key}</dt>
                    <dd>{v.value}</dd>
                  </>
                ))}
              </dl>
            </section>
          )}
          {s.summaries.length > 0 && (
            <section aria-labelledby="summaries">
              <h2 id="summaries">Summaries</h2>
              {s.summaries.map((x) => (
                <p key={x.created_at}>{x.text}</p>
              ))}
            </section>
          )}
          {can('billing:read') && <Cost sessionId={sessionId} />}
        </>
      )}
    </section>
  );
}

function Facts({ s }: { s: Session }) {
  return (
    <dl class="facts">
      <dt>Agent</dt>
      <dd>{s.agent.agent_name}</dd>
      <dt>Direction</dt>
      <dd>{label(s.direction)}</dd>
      <dt>Kind</dt>
      <dd>{s.kind}</dd>
      <dt>Caller</dt>
      <dd>{[s.caller.name, s.caller.address].filter(Boolean).join(' ') || '–'}</dd>
      <dt>Number</dt>
      <dd>{s.phone_number ?? '–'}</dd>
      <dt>Status</dt>
      <dd>
        <span class={`badge ${s.status}`}>{label(s.status)}</span> {s.end_reason ? `(${label(s.end_reason)})` : ''}
      </dd>
      <dt>Started</dt>
      <dd>{when(s.started_at)}</dd>
      <dt>Duration</dt>
      <dd>{duration(s.duration_seconds)}</dd>
      <dt>Cost</dt>
      <dd>{money(s.total_cost_micros)}</dd>
    </dl>
  );
}

function Recording({ sessionId }: { sessionId: string }) {
  const link = useLoad(
    () => take(api.GET('/v1/call_session/{call_session_id}/recording_url/retrieve', { params: { path: { call_session_id: sessionId } } })),
    sessionId,
  );
  return (
    <section aria-labelledby="recording">
      <h2 id="recording">Recording</h2>
      <ProblemBox problem={link.error} />
      {link.data && (
        <audio controls preload="metadata" src={sameOrigin(link.data.recording.url)}>
          <a href={link.data.recording.url}>Download the recording</a>
        </audio>
      )}
    </section>
  );
}

/** The signed link's path and query: the console's page is on the API's own origin (a PUBLIC_URL behind a proxy names the same server). */
function sameOrigin(url: string): string {
  const u = new URL(url, location.href);
  return u.pathname + u.search;
}

function LegTranscript({ sessionId, leg, index }: { sessionId: string; leg: Leg; index: number }) {
  return (
    <section aria-labelledby={`leg-${leg.leg_id}`} class="leg">
      <h2 id={`leg-${leg.leg_id}`}>
        {index === 0 ? 'Transcript' : `Leg ${index + 1}`}{' '}
        <small class="muted">
          {label(leg.kind)} · {leg.address ?? ''} · {duration(leg.duration_seconds)} · {money(leg.cost_micros)}
        </small>
      </h2>
      {leg.transcript.items.length === 0 ? (
        <p class="muted">Nothing was said.</p>
      ) : (
        <ol class="transcript">
          {leg.transcript.items.map((item, i) => (
            <Turn key={i} item={item} sessionId={sessionId} legId={leg.leg_id} />
          ))}
        </ol>
      )}
    </section>
  );
}

function Turn({ item, sessionId, legId }: { item: Item; sessionId: string; legId: string }) {
  return (
    <li class={`turn ${item.speaker}${item.kind === 'unrecognized' ? ' unrecognized' : ''}`}>
      <span class="offset">{offset(item.offset_ms)}</span>
      <span class="speaker">{item.name ?? item.speaker}</span>
      {item.kind === 'unrecognized' ? (
        <span class="text">
          <em>Not understood</em> (the agent asked again){item.hypothesis ? <small class="muted"> · heard: {item.hypothesis}</small> : null}
        </span>
      ) : (
        <span class="text">
          {item.text}
          {item.kind === 'digits' ? <small class="muted"> · keys</small> : null}
          {item.kind === 'backchannel' ? <small class="muted"> · while the agent talked on</small> : null}
          {item.latency ? <ReplyLatency latency={item.latency} /> : null}
          {item.interruption ? (
            <small class="muted interruption" title="From the start of the caller's speech to the agent's audio stopping; the text is what the caller heard.">
              {' '}
              · the caller cut in · stopped in {item.interruption.stop_ms} ms
            </small>
          ) : null}
        </span>
      )}
      {item.tool_call && <ToolCall sessionId={sessionId} legId={legId} call={item.tool_call} />}
    </li>
  );
}

/** How long the caller waited for a live reply, its parts on hover (measured by the media runtime). */
function ReplyLatency({ latency: l }: { latency: NonNullable<Item['latency']> }) {
  const parts = `end of turn ${l.end_of_turn_ms} ms · speech recognition ${l.stt_ms} ms · model and tools ${l.engine_ms} ms · first audio ${l.tts_first_audio_ms} ms`;
  return (
    <small class="muted latency" title={parts}>
      {' '}
      · reply {l.reply_ms} ms
    </small>
  );
}

function ToolCall({ sessionId, legId, call }: { sessionId: string; legId: string; call: NonNullable<Item['tool_call']> }) {
  const [open, setOpen] = useState(false);
  return (
    <details class="tool-call" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>
        Tool call <code>{call.name}</code> ({call.duration_ms} ms)
      </summary>
      {open && <ToolCallDetail sessionId={sessionId} legId={legId} toolCallId={call.tool_call_id} />}
    </details>
  );
}

function ToolCallDetail({ sessionId, legId, toolCallId }: { sessionId: string; legId: string; toolCallId: string }) {
  const detail = useLoad(
    () =>
      take(
        api.GET('/v1/call_session/{session_id}/leg/{leg_id}/tool_call/{tool_call_id}/retrieve', {
          params: { path: { session_id: sessionId, leg_id: legId, tool_call_id: toolCallId } },
        }),
      ),
    toolCallId,
  );
  const t = detail.data?.tool_call;
  if (detail.error) return <ProblemBox problem={detail.error} />;
  if (!t) return <Loading what="the tool call" />;
  return (
    <div class="tool-detail">
      <p>
        Status <strong>{t.status}</strong> · {t.duration_ms} ms · {when(t.started_at)}
      </p>
      <h3>Request</h3>
      <pre>{pretty(t.request_text)}</pre>
      <h3>Response</h3>
      <pre>{pretty(t.response_text)}</pre>
      {t.confirmation && (
        <>
          <h3>Ask confirmation</h3>
          <dl class="facts">
            <dt>Read back</dt>
            <dd>{t.confirmation.read_back}</dd>
            <dt>Caller said</dt>
            <dd>{t.confirmation.caller_words ?? '(hung up)'}</dd>
            <dt>Decision</dt>
            <dd>{label(t.confirmation.decision)}</dd>
            <dt>Decided</dt>
            <dd>{when(t.confirmation.decided_at)}</dd>
          </dl>
        </>
      )}
    </div>
  );
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function Cost({ sessionId }: { sessionId: string }) {
  const cost = useLoad(
    () => take(api.GET('/v1/call_session/{call_session_id}/cost_breakdown', { params: { path: { call_session_id: sessionId } } })),
    sessionId,
  );
  const b = cost.data?.cost_breakdown;
  return (
    <section aria-labelledby="cost">
      <h2 id="cost">Cost</h2>
      <ProblemBox problem={cost.error} />
      {b && (
        <table class="cost">
          <caption class="sr-only">Cost per component</caption>
          <Head columns={['Leg', 'Component', 'Seconds#', 'Per minute#', 'Amount#']} />
          <tbody>
            {b.legs.flatMap((leg) =>
              leg.lines.map((line) => (
                <tr key={`${leg.leg_id}-${line.component}`}>
                  <td>{label(leg.kind)}</td>
                  <th scope="row">{label(line.component)}</th>
                  <td class="num">{line.seconds}</td>
                  <td class="num">{money(line.per_minute_micros)}</td>
                  <td class="num">{money(line.amount_micros)}</td>
                </tr>
              )),
            )}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={4}>
                Total ({b.currency})
              </th>
              <td class="num">{money(b.total_cost_micros)}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  );
}

function HangUp({ sessionId, onDone }: { sessionId: string; onDone: () => void }) {
  const [problem, setProblem] = useState<Problem>();
  const [busy, setBusy] = useState(false);
  return (
    <p>
      <button
        type="button"
        class="danger"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await take(api.POST('/v1/call_session/{call_session_id}/hangup', { params: { path: { call_session_id: sessionId } } }));
            setTimeout(onDone, 1000);
          } catch (error) {
            setProblem(error as Problem);
          } finally {
            setBusy(false);
          }
        }}
      >
        Hang up
      </button>
      <ProblemBox problem={problem} />
    </p>
  );
}
