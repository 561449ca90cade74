import { useEffect, useState } from 'preact/hooks';
import { api, take, type Organization } from '../api';
import type { components } from '../api/v1';
import { useAction, useLoad, usePages, type Loaded } from '../load';
import { label, when } from '../format';
import { Choice, Confirm, Field, Head, Loading, Pager, ProblemBox, fieldIssue, restOf } from '../ui';
import './telephony.css';

type Schemas = components['schemas'];
type PhoneNumber = Schemas['PhoneNumber'];
type Connection = Schemas['TelephonyConnection'];
type Trunk = Schemas['SipTrunk'];
type Destination = Schemas['Destination'];
type Available = Schemas['SearchNumbersResult']['numbers'][number];

const PROVIDERS = ['simulated', 'twilio', 'telnyx'] as const;
const DIRECTIONS = ['both', 'inbound', 'outbound'] as const;
const DESTINATION_KINDS = ['sip_address', 'phone_number'] as const;
const GENDERS = ['neutral', 'female', 'male'] as const;
const SPEECH_KINDS = ['deepgram', 'elevenlabs', 'openai-compatible'] as const;
const CLONING = ['queued', 'analysing', 'training'];
const LIST = { params: { query: { page_size: 100 } } };

const omitEmpty = <T extends Record<string, unknown>>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== '' && v !== undefined)) as Partial<T>;

/**
 * Telephony: the organization's phone numbers (searched for and bought, or
 * imported from a carrier account), its carrier accounts, SIP trunks with
 * their endpoints, destinations (the addresses calls reach agents by, and
 * transfer targets), the voices agents speak with and the organization's voice
 * clones, and its speech providers. Writes need numbers:manage (clones
 * agents:write, speech providers org:manage); without it the lists are shown
 * and nothing that writes.
 */
export function TelephonyPage({ org }: { org: Organization }) {
  const can = (p: string) => org.permissions.includes(p);
  const manage = can('numbers:manage');
  const numbers = useLoad(() => take(api.GET('/v1/phone/number/list', LIST)), 'numbers');
  const connections = useLoad(() => take(api.GET('/v1/telephony/connection/list', LIST)), 'connections');
  const destinations = useLoad(() => take(api.GET('/v1/destination/list', LIST)), 'destinations');
  const trunks = useLoad(() => take(api.GET('/v1/sip_trunk/list', LIST)), 'trunks');
  const agents = useLoad(() => take(api.GET('/v1/agent/list', LIST)), 'agents');
  const agentName = (id: string | null) => (id ? (agents.data?.agents.find((a) => a.agent_id === id)?.name ?? id) : '–');
  const shared: Shared = {
    manage,
    numbers: numbers.data?.phone_numbers ?? [],
    connections: connections.data?.connections ?? [],
    destinations: destinations.data?.destinations ?? [],
    trunks: trunks.data?.sip_trunks ?? [],
    agents: (agents.data?.agents ?? []).map((a) => ({ id: a.agent_id, name: a.name })),
    agentName,
    connectionName: (id: string | null) => (id ? (connections.data?.connections.find((c) => c.connection_id === id)?.name ?? id) : 'built-in'),
    trunkName: (id: string | null) => (id ? (trunks.data?.sip_trunks.find((t) => t.sip_trunk_id === id)?.name ?? id) : '–'),
    reload: {
      numbers: numbers.reload,
      connections: connections.reload,
      destinations: destinations.reload,
      trunks: trunks.reload,
      all: () => [numbers, connections, destinations, trunks].forEach((l) => l.reload()),
    },
  };
  return (
    <section aria-labelledby="telephony-title" class="telephony">
      <h1 id="telephony-title">Telephony</h1>
      <nav class="tel-sections" aria-label="Telephony sections">
        <a href="#numbers">Phone numbers</a>
        <a href="#connections">Carrier accounts</a>
        <a href="#destinations">Destinations</a>
        <a href="#trunks">SIP trunks</a>
        <a href="#voices">Voices</a>
        {can('org:manage') && <a href="#speech">Speech providers</a>}
      </nav>
      <Numbers loaded={numbers} s={shared} />
      <Connections loaded={connections} s={shared} />
      <Destinations loaded={destinations} s={shared} />
      <Trunks loaded={trunks} s={shared} />
      <Voices canClone={can('agents:write')} />
      {can('org:manage') && <SpeechProviders />}
    </section>
  );
}

interface Shared {
  manage: boolean;
  numbers: PhoneNumber[];
  connections: Connection[];
  destinations: Destination[];
  trunks: Trunk[];
  agents: { id: string; name: string }[];
  agentName: (id: string | null) => string;
  connectionName: (id: string | null) => string;
  trunkName: (id: string | null) => string;
  reload: { numbers: () => void; connections: () => void; destinations: () => void; trunks: () => void; all: () => void };
}

function More({ loaded, what }: { loaded: Loaded<{ has_more: boolean }>; what: string }) {
  return loaded.data?.has_more ? <p class="muted">Showing the first 100 {what}.</p> : null;
}

// ---- phone numbers ----

function Numbers({ loaded, s }: { loaded: Loaded<{ phone_numbers: PhoneNumber[]; has_more: boolean }>; s: Shared }) {
  const { problem, run } = useAction();
  const routeOf = (n: PhoneNumber) => {
    const d = n.destination_id ? s.destinations.find((x) => x.destination_id === n.destination_id) : undefined;
    return d ? s.agentName(d.agent_id) : '–';
  };
  const remove = (n: PhoneNumber) =>
    run(() => take(api.DELETE('/v1/phone/number/delete/{phone_number_id}', { params: { path: { phone_number_id: n.phone_number_id } } })), s.reload.all);
  return (
    <section aria-labelledby="numbers">
      <h2 id="numbers">Phone numbers</h2>
      <ProblemBox problem={loaded.error ?? problem} />
      {loaded.loading && !loaded.data ? <Loading what="phone numbers" /> : null}
      {loaded.data && (
        <div class="tel-scroll">
          <table class="phone-numbers">
            <Head columns={['Number', 'Provider', 'Connection', 'Origin', 'Status', 'Routes to agent', 'Added', ...(s.manage ? ['Actions'] : [])]} />
            <tbody>
              {loaded.data.phone_numbers.map((n) => (
                <tr key={n.phone_number_id} data-number={n.number}>
                  <td>
                    <code>{n.number}</code> <span class="muted">{n.country}</span>
                  </td>
                  <td>{n.provider}</td>
                  <td>{s.connectionName(n.connection_id)}</td>
                  <td>{n.origin}</td>
                  <td>
                    <span class="badge">{n.status}</span>
                  </td>
                  <td>{routeOf(n)}</td>
                  <td>{when(n.created_at)}</td>
                  {s.manage && (
                    <td>
                      <Confirm action="Delete" what={n.number} onConfirm={() => remove(n)} />
                    </td>
                  )}
                </tr>
              ))}
              {loaded.data.phone_numbers.length === 0 && (
                <tr>
                  <td colSpan={8} class="muted">
                    No phone numbers yet.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      <More loaded={loaded} what="numbers" />
      {s.manage && <SearchAndBuy s={s} />}
      {s.manage && <ImportNumber s={s} />}
    </section>
  );
}

function SearchAndBuy({ s }: { s: Shared }) {
  const [form, setForm] = useState({ connection_id: '', country: 'US', area_code: '', contains: '' });
  const [found, setFound] = useState<{ connection_id: string; provider: string; numbers: Available[] }>();
  const [bought, setBought] = useState<string>();
  const search = useAction();
  const buy = useAction();
  const set = (k: keyof typeof form) => (e: Event) => setForm({ ...form, [k]: (e.currentTarget as HTMLInputElement).value });
  const find = async (event: Event) => {
    event.preventDefault();
    setBought(undefined);
    buy.setProblem(undefined);
    await search.run(async () => {
      const result = await take(api.GET('/v1/phone/number/search', { params: { query: { ...omitEmpty(form), page_size: 10 } } }));
      setFound({ connection_id: form.connection_id, provider: result.provider, numbers: result.numbers });
    });
  };
  const purchase = (number: string) =>
    buy.run(
      () => take(api.POST('/v1/phone/number/purchase', { body: { number, ...(found?.connection_id ? { connection_id: found.connection_id } : {}) } })),
      () => {
        setBought(number);
        setFound(found && { ...found, numbers: found.numbers.filter((n) => n.number !== number) });
        s.reload.numbers();
      },
    );
  return (
    <div class="tel-form">
      <form class="filters" onSubmit={find} aria-label="Search numbers to buy" noValidate>
        <h3>Buy a number</h3>
        <Field label="Carrier" issue={fieldIssue(search.problem, 'connection_id')}>
          <select aria-label="Carrier" value={form.connection_id} onChange={set('connection_id')}>
            <option value="">Simulated carrier (built-in)</option>
            {s.connections.map((c) => (
              <option key={c.connection_id} value={c.connection_id}>
                {c.name} ({c.provider})
              </option>
            ))}
          </select>
        </Field>
        <Field label="Country" issue={fieldIssue(search.problem, 'country')}>
          <input value={form.country} onInput={set('country')} size={4} maxLength={2} />
        </Field>
        <Field label="Area code" issue={fieldIssue(search.problem, 'area_code')}>
          <input value={form.area_code} onInput={set('area_code')} inputMode="numeric" size={6} placeholder="415" />
        </Field>
        <Field label="Contains digits" issue={fieldIssue(search.problem, 'contains')}>
          <input value={form.contains} onInput={set('contains')} inputMode="numeric" size={10} />
        </Field>
        <button type="submit">Search</button>
      </form>
      <ProblemBox problem={restOf(search.problem, ['connection_id', 'country', 'area_code', 'contains'])} />
      <ProblemBox problem={buy.problem} />
      {bought && (
        <p role="status" class="tel-done">
          Bought <code>{bought}</code>.
        </p>
      )}
      {found && (
        <div class="tel-scroll">
          <table class="available-numbers">
            <caption>
              Available through {found.provider === 'simulated' ? 'the simulated carrier' : `${s.connectionName(found.connection_id)} (${found.provider})`}
            </caption>
            <Head columns={['Number', 'Locality', 'Region', 'Country', 'Buy']} />
            <tbody>
              {found.numbers.map((n) => (
                <tr key={n.number} data-available={n.number}>
                  <td>
                    <code>{n.number}</code>
                  </td>
                  <td>{n.locality ?? '–'}</td>
                  <td>{n.region ?? '–'}</td>
                  <td>{n.country}</td>
                  <td>
                    <button type="button" aria-label={`Buy ${n.number}`} onClick={() => purchase(n.number)}>
                      Buy
                    </button>
                  </td>
                </tr>
              ))}
              {found.numbers.length === 0 && (
                <tr>
                  <td colSpan={5} class="muted">
                    No numbers available; try another area code.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function ImportNumber({ s }: { s: Shared }) {
  const carriers = s.connections.filter((c) => c.provider !== 'simulated');
  const [form, setForm] = useState({ connection_id: '', number: '' });
  const { problem, run } = useAction();
  const submit = async (event: Event) => {
    event.preventDefault();
    await run(
      () =>
        take(
          api.POST('/v1/phone/number/provider/import', {
            body: { connection_id: form.connection_id || carriers[0]?.connection_id || '', number: form.number },
          }),
        ),
      () => {
        setForm({ ...form, number: '' });
        s.reload.numbers();
      },
    );
  };
  if (carriers.length === 0) return <p class="muted">To import a number you already hold, connect its Twilio or Telnyx account below.</p>;
  return (
    <div class="tel-form">
      <form class="filters" onSubmit={submit} aria-label="Import a number" noValidate>
        <h3>Import a number from a carrier account</h3>
        <Field label="Carrier account" issue={fieldIssue(problem, 'connection_id')}>
          <select
            aria-label="Carrier account"
            value={form.connection_id || carriers[0]?.connection_id}
            onChange={(e) => setForm({ ...form, connection_id: e.currentTarget.value })}
          >
            {carriers.map((c) => (
              <option key={c.connection_id} value={c.connection_id}>
                {c.name} ({c.provider})
              </option>
            ))}
          </select>
        </Field>
        <Field label="Number to import" issue={fieldIssue(problem, 'number')}>
          <input type="tel" value={form.number} onInput={(e) => setForm({ ...form, number: e.currentTarget.value })} placeholder="+14155550123" />
        </Field>
        <button type="submit">Import</button>
      </form>
      <ProblemBox problem={restOf(problem, ['connection_id', 'number'])} />
    </div>
  );
}

// ---- carrier accounts ----

function Connections({ loaded, s }: { loaded: Loaded<{ connections: Connection[]; has_more: boolean }>; s: Shared }) {
  return (
    <section aria-labelledby="connections">
      <h2 id="connections">Carrier accounts</h2>
      <ProblemBox problem={loaded.error} />
      {loaded.loading && !loaded.data ? <Loading what="carrier accounts" /> : null}
      {loaded.data && (
        <div class="tel-scroll">
          <table class="connections">
            <Head columns={['Name', 'Provider', 'Credentials', 'API address', 'Dials per second#', 'Added']} />
            <tbody>
              {loaded.data.connections.map((c) => (
                <tr key={c.connection_id} data-connection={c.name}>
                  <td>{c.name}</td>
                  <td>{c.provider}</td>
                  <td>{c.has_credentials ? 'stored (never shown)' : '–'}</td>
                  <td>{c.base_url ?? 'default'}</td>
                  <td class="num">{c.calls_per_second ?? 'no limit'}</td>
                  <td>{when(c.created_at)}</td>
                </tr>
              ))}
              {loaded.data.connections.length === 0 && (
                <tr>
                  <td colSpan={6} class="muted">
                    No carrier accounts: numbers come from the built-in simulated carrier.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      <More loaded={loaded} what="accounts" />
      {s.manage && <ConnectionForm onCreated={s.reload.connections} />}
    </section>
  );
}

const EMPTY_CONNECTION = {
  provider: 'simulated',
  name: '',
  account_sid: '',
  auth_token: '',
  api_key: '',
  call_control_app_id: '',
  public_key: '',
  base_url: '',
  calls_per_second: '',
};

function ConnectionForm({ onCreated }: { onCreated: () => void }) {
  const [form, setForm] = useState(EMPTY_CONNECTION);
  const { problem, run } = useAction();
  const set = (k: keyof typeof form) => (e: Event) => setForm({ ...form, [k]: (e.currentTarget as HTMLInputElement).value });
  const body = (): Schemas['CreateConnectionBody'] => {
    const common = {
      name: form.name,
      ...omitEmpty({ base_url: form.base_url }),
      ...(form.calls_per_second ? { calls_per_second: Number(form.calls_per_second) } : {}),
    };
    if (form.provider === 'twilio') return { provider: 'twilio', ...common, credentials: { account_sid: form.account_sid, auth_token: form.auth_token } };
    if (form.provider === 'telnyx')
      return {
        provider: 'telnyx',
        ...common,
        credentials: { api_key: form.api_key, ...omitEmpty({ call_control_app_id: form.call_control_app_id, public_key: form.public_key }) },
      };
    return { provider: 'simulated', name: form.name };
  };
  const submit = async (event: Event) => {
    event.preventDefault();
    await run(
      () => take(api.POST('/v1/telephony/connection/create', { body: body() })),
      () => {
        setForm(EMPTY_CONNECTION);
        onCreated();
      },
    );
  };
  const fields = [
    'provider',
    'name',
    'account_sid',
    'auth_token',
    'api_key',
    'call_control_app_id',
    'public_key',
    'base_url',
    'calls_per_second',
    'credentials',
  ];
  const carrier = form.provider !== 'simulated';
  return (
    <div class="tel-form">
      <form class="filters" onSubmit={submit} aria-label="Connect a carrier account" noValidate>
        <h3>Connect a carrier account</h3>
        <Choice
          name="Provider"
          value={form.provider}
          options={PROVIDERS}
          onChange={(provider) => setForm({ ...form, provider })}
          issue={fieldIssue(problem, 'provider')}
        />
        <Field label="Account name" issue={fieldIssue(problem, 'name')}>
          <input value={form.name} onInput={set('name')} />
        </Field>
        {form.provider === 'twilio' && (
          <>
            <Field label="Account SID" issue={fieldIssue(problem, 'account_sid')}>
              <input value={form.account_sid} onInput={set('account_sid')} placeholder="AC…" autoComplete="off" />
            </Field>
            <Field label="Auth token" issue={fieldIssue(problem, 'auth_token')}>
              <input type="password" value={form.auth_token} onInput={set('auth_token')} autoComplete="new-password" />
            </Field>
          </>
        )}
        {form.provider === 'telnyx' && (
          <>
            <Field label="API key" issue={fieldIssue(problem, 'api_key')}>
              <input type="password" value={form.api_key} onInput={set('api_key')} autoComplete="new-password" />
            </Field>
            <Field label="Call Control app id (optional)" issue={fieldIssue(problem, 'call_control_app_id')}>
              <input value={form.call_control_app_id} onInput={set('call_control_app_id')} />
            </Field>
            <Field label="Public key (optional)" issue={fieldIssue(problem, 'public_key')}>
              <input value={form.public_key} onInput={set('public_key')} autoComplete="off" />
            </Field>
          </>
        )}
        {carrier && (
          <>
            <Field label="API address (optional)" issue={fieldIssue(problem, 'base_url')}>
              <input type="url" value={form.base_url} onInput={set('base_url')} placeholder="provider's public API" />
            </Field>
            <Field label="Dials per second (optional)" issue={fieldIssue(problem, 'calls_per_second')}>
              <input type="number" step="0.1" min={0.1} max={100} value={form.calls_per_second} onInput={set('calls_per_second')} size={6} />
            </Field>
          </>
        )}
        <button type="submit">Connect</button>
      </form>
      {carrier && <p class="muted">The credentials are checked with the provider, then stored encrypted; they are never shown again.</p>}
      <ProblemBox problem={restOf(problem, fields)} />
    </div>
  );
}

// ---- destinations ----

function Destinations({ loaded, s }: { loaded: Loaded<{ destinations: Destination[]; has_more: boolean }>; s: Shared }) {
  const { problem, run } = useAction();
  const remove = (d: Destination) =>
    run(() => take(api.DELETE('/v1/destination/delete/{destination_id}', { params: { path: { destination_id: d.destination_id } } })), s.reload.all);
  return (
    <section aria-labelledby="destinations">
      <h2 id="destinations">Destinations</h2>
      <p class="muted">The addresses calls arrive at and are transferred to: one of your numbers, or a SIP address, answered by an agent.</p>
      <ProblemBox problem={loaded.error ?? problem} />
      {loaded.loading && !loaded.data ? <Loading what="destinations" /> : null}
      {loaded.data && (
        <div class="tel-scroll">
          <table class="destinations">
            <Head columns={['Address', 'Kind', 'Agent', 'SIP trunk', 'SIP from', 'Added', ...(s.manage ? ['Actions'] : [])]} />
            <tbody>
              {loaded.data.destinations.map((d) => (
                <tr key={d.destination_id} data-destination={d.address}>
                  <td>
                    <code>{d.address}</code>
                  </td>
                  <td>{label(d.kind)}</td>
                  <td>{s.agentName(d.agent_id)}</td>
                  <td>{s.trunkName(d.sip_trunk_id)}</td>
                  <td>{d.allow_unauthenticated_sip ? 'anyone (unauthenticated)' : d.sip_trunk_id ? 'the trunk only' : 'nobody'}</td>
                  <td>{when(d.created_at)}</td>
                  {s.manage && (
                    <td>
                      <Confirm action="Delete" what={d.address} onConfirm={() => remove(d)} />
                    </td>
                  )}
                </tr>
              ))}
              {loaded.data.destinations.length === 0 && (
                <tr>
                  <td colSpan={7} class="muted">
                    No destinations yet.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      <More loaded={loaded} what="destinations" />
      {s.manage && <DestinationForm s={s} />}
    </section>
  );
}

function DestinationForm({ s }: { s: Shared }) {
  const [form, setForm] = useState({ kind: 'sip_address', address: '', agent_id: '', sip_trunk_id: '' });
  const [open, setOpen] = useState(false);
  const { problem, run } = useAction();
  const set = (k: keyof typeof form) => (e: Event) => setForm({ ...form, [k]: (e.currentTarget as HTMLInputElement).value });
  const submit = async (event: Event) => {
    event.preventDefault();
    const extra = { ...omitEmpty({ agent_id: form.agent_id, sip_trunk_id: form.sip_trunk_id }), ...(open ? { allow_unauthenticated_sip: true } : {}) };
    const body: Schemas['CreateDestinationBody'] =
      form.kind === 'phone_number' ? { kind: 'phone_number', address: form.address, ...extra } : { kind: 'sip_address', address: form.address, ...extra };
    await run(
      () => take(api.POST('/v1/destination/create', { body })),
      () => {
        setForm({ ...form, address: '' });
        s.reload.destinations();
        s.reload.numbers();
      },
    );
  };
  return (
    <div class="tel-form">
      <form class="filters" onSubmit={submit} aria-label="Create a destination" noValidate>
        <h3>New destination</h3>
        <Choice name="Kind" value={form.kind} options={DESTINATION_KINDS} onChange={(kind) => setForm({ ...form, kind })} issue={fieldIssue(problem, 'kind')} />
        <Field label="Address" issue={fieldIssue(problem, 'address')}>
          <input
            value={form.address}
            onInput={set('address')}
            list={form.kind === 'phone_number' ? 'tel-own-numbers' : undefined}
            placeholder={form.kind === 'phone_number' ? '+14155550123' : 'sip:frontdesk@example.com'}
            size={28}
          />
        </Field>
        <datalist id="tel-own-numbers">
          {s.numbers.map((n) => (
            <option key={n.phone_number_id} value={n.number} />
          ))}
        </datalist>
        <Field label="Answered by agent" issue={fieldIssue(problem, 'agent_id')}>
          <select aria-label="Answered by agent" value={form.agent_id} onChange={set('agent_id')}>
            <option value="">No agent yet</option>
            {s.agents.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Through SIP trunk" issue={fieldIssue(problem, 'sip_trunk_id')}>
          <select aria-label="Through SIP trunk" value={form.sip_trunk_id} onChange={set('sip_trunk_id')}>
            <option value="">No trunk</option>
            {s.trunks.map((t) => (
              <option key={t.sip_trunk_id} value={t.sip_trunk_id}>
                {t.name}
              </option>
            ))}
          </select>
        </Field>
        <label class="check">
          <input type="checkbox" checked={open} onChange={(e) => setOpen(e.currentTarget.checked)} /> Take SIP calls from anyone, unauthenticated (otherwise
          only from the trunk's allowed IPs or its credentials)
        </label>
        <button type="submit">Create destination</button>
      </form>
      <ProblemBox problem={restOf(problem, ['kind', 'address', 'agent_id', 'sip_trunk_id', 'allow_unauthenticated_sip'])} />
    </div>
  );
}

// ---- SIP trunks ----

function Trunks({ loaded, s }: { loaded: Loaded<{ sip_trunks: Trunk[]; has_more: boolean }>; s: Shared }) {
  const { problem, run } = useAction();
  const remove = (t: Trunk) =>
    run(() => take(api.DELETE('/v1/sip_trunk/delete/{sip_trunk_id}', { params: { path: { sip_trunk_id: t.sip_trunk_id } } })), s.reload.all);
  return (
    <section aria-labelledby="trunks">
      <h2 id="trunks">SIP trunks</h2>
      <ProblemBox problem={loaded.error ?? problem} />
      {loaded.loading && !loaded.data ? <Loading what="SIP trunks" /> : null}
      {loaded.data && (
        <div class="tel-scroll">
          <table class="sip-trunks">
            <Head columns={['Trunk', 'Direction', 'Connection', 'Authentication', 'Endpoints', 'Destinations', 'Added', ...(s.manage ? ['Actions'] : [])]} />
            <tbody>
              {loaded.data.sip_trunks.map((t) => (
                <tr key={t.sip_trunk_id} data-trunk={t.name}>
                  <td>{t.name}</td>
                  <td>{t.direction}</td>
                  <td>{t.connection_id ? s.connectionName(t.connection_id) : '–'}</td>
                  <td>
                    {t.auth_username && (
                      <div>
                        digest <code>{t.auth_username}</code>
                        {t.has_password ? ' (password stored)' : ''}
                      </div>
                    )}
                    {t.allowed_ips.length > 0 && <div>from {t.allowed_ips.join(', ')}</div>}
                    {!t.auth_username && t.allowed_ips.length === 0 && '–'}
                  </td>
                  <td>
                    {t.endpoints.length ? (
                      <ul class="tel-endpoints">
                        {t.endpoints.map((e) => (
                          <li key={e.sip_trunk_endpoint_id} data-endpoint={e.uri}>
                            <code>{e.uri}</code>{' '}
                            <span class="muted">
                              priority {e.priority}, weight {e.weight}
                            </span>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <span class="muted">none</span>
                    )}
                  </td>
                  <td>
                    {s.destinations
                      .filter((d) => d.sip_trunk_id === t.sip_trunk_id)
                      .map((d) => d.address)
                      .join(', ') || '–'}
                  </td>
                  <td>{when(t.created_at)}</td>
                  {s.manage && (
                    <td>
                      <Confirm action="Delete" what={`trunk ${t.name}`} onConfirm={() => remove(t)} />
                    </td>
                  )}
                </tr>
              ))}
              {loaded.data.sip_trunks.length === 0 && (
                <tr>
                  <td colSpan={8} class="muted">
                    No SIP trunks yet.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      <More loaded={loaded} what="trunks" />
      {s.manage && <TrunkForm s={s} />}
      {s.manage && s.trunks.length > 0 && <EndpointForm s={s} />}
      {s.manage && s.trunks.length > 0 && <AssignForm s={s} />}
    </section>
  );
}

const EMPTY_TRUNK = { name: '', direction: 'both', connection_id: '', username: '', password: '', allowed_ips: '' };

function TrunkForm({ s }: { s: Shared }) {
  const [form, setForm] = useState(EMPTY_TRUNK);
  const { problem, run } = useAction();
  const set = (k: keyof typeof form) => (e: Event) => setForm({ ...form, [k]: (e.currentTarget as HTMLInputElement).value });
  const submit = async (event: Event) => {
    event.preventDefault();
    const ips = form.allowed_ips
      .split(/[\s,]+/)
      .map((v) => v.trim())
      .filter(Boolean);
    await run(
      () =>
        take(
          api.POST('/v1/sip_trunk/create', {
            body: {
              name: form.name,
              direction: form.direction as Trunk['direction'],
              ...omitEmpty({ connection_id: form.connection_id }),
              ...(form.username || form.password ? { auth: { username: form.username, password: form.password } } : {}),
              allowed_ips: ips,
            },
          }),
        ),
      () => {
        setForm(EMPTY_TRUNK);
        s.reload.trunks();
      },
    );
  };
  const fields = ['name', 'direction', 'connection_id', 'username', 'password', 'auth', 'allowed_ips'];
  return (
    <div class="tel-form">
      <form class="filters" onSubmit={submit} aria-label="Create a SIP trunk" noValidate>
        <h3>New SIP trunk</h3>
        <Field label="Trunk name" issue={fieldIssue(problem, 'name')}>
          <input value={form.name} onInput={set('name')} />
        </Field>
        <Choice
          name="Direction"
          value={form.direction}
          options={DIRECTIONS}
          onChange={(direction) => setForm({ ...form, direction })}
          issue={fieldIssue(problem, 'direction')}
        />
        <Field label="Carrier account" issue={fieldIssue(problem, 'connection_id')}>
          <select aria-label="Carrier account" value={form.connection_id} onChange={set('connection_id')}>
            <option value="">None</option>
            {s.connections.map((c) => (
              <option key={c.connection_id} value={c.connection_id}>
                {c.name} ({c.provider})
              </option>
            ))}
          </select>
        </Field>
        <Field label="Digest username" issue={fieldIssue(problem, 'username') ?? fieldIssue(problem, 'auth')}>
          <input value={form.username} onInput={set('username')} autoComplete="off" />
        </Field>
        <Field label="Digest password" issue={fieldIssue(problem, 'password')}>
          <input type="password" value={form.password} onInput={set('password')} autoComplete="new-password" />
        </Field>
        <Field label="Allowed IPs" issue={fieldIssue(problem, 'allowed_ips')}>
          <input value={form.allowed_ips} onInput={set('allowed_ips')} placeholder="192.0.2.10, 198.51.100.0/24" size={26} />
        </Field>
        <button type="submit">Create trunk</button>
      </form>
      <p class="muted">An inbound trunk needs digest credentials or allowed IPs. The password is stored encrypted.</p>
      <ProblemBox problem={restOf(problem, fields)} />
    </div>
  );
}

function EndpointForm({ s }: { s: Shared }) {
  const [form, setForm] = useState({ sip_trunk_id: '', uri: '', priority: '10', weight: '100' });
  const { problem, run } = useAction();
  const set = (k: keyof typeof form) => (e: Event) => setForm({ ...form, [k]: (e.currentTarget as HTMLInputElement).value });
  const trunkId = form.sip_trunk_id || s.trunks[0]?.sip_trunk_id || '';
  const submit = async (event: Event) => {
    event.preventDefault();
    await run(
      () =>
        take(
          api.POST('/v1/sip_trunk_endpoint/create', {
            body: { sip_trunk_id: trunkId, uri: form.uri, priority: Number(form.priority), weight: Number(form.weight) },
          }),
        ),
      () => {
        setForm({ ...form, uri: '' });
        s.reload.trunks();
      },
    );
  };
  return (
    <div class="tel-form">
      <form class="filters" onSubmit={submit} aria-label="Add an endpoint" noValidate>
        <h3>Add an endpoint to a trunk</h3>
        <Field label="Trunk" issue={fieldIssue(problem, 'sip_trunk_id')}>
          <select aria-label="Trunk" value={trunkId} onChange={set('sip_trunk_id')}>
            {s.trunks.map((t) => (
              <option key={t.sip_trunk_id} value={t.sip_trunk_id}>
                {t.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="SIP URI" issue={fieldIssue(problem, 'uri')}>
          <input value={form.uri} onInput={set('uri')} placeholder="sip:pbx.example.com:5060" size={28} />
        </Field>
        <Field label="Priority" issue={fieldIssue(problem, 'priority')}>
          <input type="number" min={0} max={65535} value={form.priority} onInput={set('priority')} size={6} />
        </Field>
        <Field label="Weight" issue={fieldIssue(problem, 'weight')}>
          <input type="number" min={0} max={65535} value={form.weight} onInput={set('weight')} size={6} />
        </Field>
        <button type="submit">Add endpoint</button>
      </form>
      <p class="muted">Lower priorities are tried first; the weight shares calls among endpoints of the same priority.</p>
      <ProblemBox problem={restOf(problem, ['sip_trunk_id', 'uri', 'priority', 'weight'])} />
    </div>
  );
}

function AssignForm({ s }: { s: Shared }) {
  const [form, setForm] = useState({ sip_trunk_id: '', destination_id: '' });
  const { problem, run } = useAction();
  const [done, setDone] = useState<string>();
  const trunkId = form.sip_trunk_id || s.trunks[0]?.sip_trunk_id || '';
  const destinationId = form.destination_id || s.destinations[0]?.destination_id || '';
  const submit = async (event: Event) => {
    event.preventDefault();
    setDone(undefined);
    await run(
      () => take(api.POST('/v1/sip_trunk/destination/assign', { body: { sip_trunk_id: trunkId, destination_id: destinationId } })),
      () => {
        setDone(`${s.destinations.find((d) => d.destination_id === destinationId)?.address ?? destinationId} now arrives through ${s.trunkName(trunkId)}.`);
        s.reload.destinations();
      },
    );
  };
  if (s.destinations.length === 0) return <p class="muted">Create a destination to route it through a trunk.</p>;
  return (
    <div class="tel-form">
      <form class="filters" onSubmit={submit} aria-label="Route a destination through a trunk" noValidate>
        <h3>Route a destination through a trunk</h3>
        <Field label="Destination" issue={fieldIssue(problem, 'destination_id')}>
          <select aria-label="Destination" value={destinationId} onChange={(e) => setForm({ ...form, destination_id: e.currentTarget.value })}>
            {s.destinations.map((d) => (
              <option key={d.destination_id} value={d.destination_id}>
                {d.address}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Through trunk" issue={fieldIssue(problem, 'sip_trunk_id')}>
          <select aria-label="Through trunk" value={trunkId} onChange={(e) => setForm({ ...form, sip_trunk_id: e.currentTarget.value })}>
            {s.trunks.map((t) => (
              <option key={t.sip_trunk_id} value={t.sip_trunk_id}>
                {t.name}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit">Assign destination</button>
      </form>
      {done && (
        <p role="status" class="tel-done">
          {done}
        </p>
      )}
      <ProblemBox problem={restOf(problem, ['sip_trunk_id', 'destination_id'])} />
    </div>
  );
}

// ---- voices ----

function Voices({ canClone }: { canClone: boolean }) {
  const [filter, setFilter] = useState({ provider: '', language: '' });
  const [applied, setApplied] = useState(filter);
  const pages = usePages();
  const cursor = pages.cursor;
  const voices = useLoad(
    () => take(api.GET('/v1/voice/list', { params: { query: { ...omitEmpty(applied), page_size: 25, ...(cursor ? { cursor } : {}) } } })),
    JSON.stringify([applied, cursor]),
  );
  const clones = useLoad(() => take(api.GET('/v1/voice/clone/list', { params: { query: { page_size: 50 } } })), 'clones');
  const working = (clones.data?.voice_clones ?? []).some((c) => CLONING.includes(c.status));
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(clones.reload, 2000);
    return () => clearInterval(timer);
  }, [working, clones.reload]);
  const apply = (event: Event) => {
    event.preventDefault();
    pages.toFirst();
    setApplied(filter);
  };
  const problem = voices.error;
  return (
    <section aria-labelledby="voices">
      <h2 id="voices">Voices</h2>
      <form class="filters" onSubmit={apply} aria-label="Filter voices" noValidate>
        <Field label="Voice provider" issue={fieldIssue(problem, 'provider')}>
          <input value={filter.provider} onInput={(e) => setFilter({ ...filter, provider: e.currentTarget.value })} placeholder="any" size={12} />
        </Field>
        <Field label="Language" issue={fieldIssue(problem, 'language')}>
          <input value={filter.language} onInput={(e) => setFilter({ ...filter, language: e.currentTarget.value })} placeholder="en or en-GB" size={10} />
        </Field>
        <button type="submit">Show voices</button>
      </form>
      <ProblemBox problem={restOf(problem, ['provider', 'language'])} />
      {voices.loading && !voices.data ? <Loading what="voices" /> : null}
      {voices.data && (
        <div class="tel-scroll">
          <table class="voices">
            <Head columns={['Voice', 'Voice id', 'Provider', 'Language', 'Gender', 'Kind']} />
            <tbody>
              {voices.data.voices.map((v) => (
                <tr key={`${v.provider}/${v.voice_id}`} data-voice={v.voice_id}>
                  <td>{v.name}</td>
                  <td>
                    <code>{v.voice_id}</code>
                  </td>
                  <td>{v.provider}</td>
                  <td>{v.language}</td>
                  <td>{v.gender}</td>
                  <td>
                    <span class="badge">{v.kind}</span>
                  </td>
                </tr>
              ))}
              {voices.data.voices.length === 0 && (
                <tr>
                  <td colSpan={6} class="muted">
                    No voices match.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      <Pager label="Voice pages" pages={pages} page={voices.data} back="← Previous voices" next="More voices →" />

      <h3 id="voice-clones">Voice clones</h3>
      <ProblemBox problem={clones.error} />
      {clones.data && (
        <div class="tel-scroll">
          <table class="voice-clones" aria-labelledby="voice-clones">
            <Head columns={['Voice', 'Language', 'Gender', 'Provider', 'Status', 'Samples#', 'Voice id', 'Started']} />
            <tbody>
              {clones.data.voice_clones.map((c) => (
                <tr key={c.voice_clone_id} data-clone={c.name}>
                  <td>
                    {c.name}
                    {c.description && <div class="muted">{c.description}</div>}
                  </td>
                  <td>{c.language}</td>
                  <td>{c.gender}</td>
                  <td>{c.provider}</td>
                  <td>
                    <span class={`badge ${c.status === 'ready' ? 'completed' : c.status === 'failed' ? 'failed' : 'running'}`}>{c.status}</span>
                    {CLONING.includes(c.status) && <span class="muted"> {c.progress}%</span>}
                    {c.error && <div class="issue">{c.error}</div>}
                  </td>
                  <td class="num">
                    {c.sample_count} <span class="muted">({Math.round(c.total_duration_ms / 1000)} s)</span>
                  </td>
                  <td>{c.voice_id ? <code>{c.voice_id}</code> : '–'}</td>
                  <td>{when(c.created_at)}</td>
                </tr>
              ))}
              {clones.data.voice_clones.length === 0 && (
                <tr>
                  <td colSpan={8} class="muted">
                    No voice clones yet.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      {canClone && <CloneForm onStarted={clones.reload} />}
    </section>
  );
}

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

function CloneForm({ onStarted }: { onStarted: () => void }) {
  const [form, setForm] = useState({ name: '', language: 'en-US', gender: 'neutral', description: '', url: '' });
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const { problem, setProblem, run } = useAction();
  const set = (k: keyof typeof form) => (e: Event) => setForm({ ...form, [k]: (e.currentTarget as HTMLInputElement).value });
  const submit = async (event: Event) => {
    event.preventDefault();
    if (files.length === 0 && !form.url.trim())
      return setProblem({
        status: 400,
        title: 'Give a recording of the speaker',
        errors: [{ field: 'samples', message: 'choose a WAV file or give its address' }],
      });
    setBusy(true);
    await run(
      async () => {
        const samples = [
          ...(await Promise.all(files.map(async (f) => ({ audio_base64: await readAsDataUrl(f) })))),
          ...(form.url.trim() ? [{ url: form.url.trim() }] : []),
        ];
        return take(
          api.POST('/v1/voice/clone', {
            body: {
              name: form.name,
              language: form.language,
              gender: form.gender as (typeof GENDERS)[number],
              ...omitEmpty({ description: form.description }),
              samples,
            },
          }),
        );
      },
      () => {
        setForm({ ...form, name: '', description: '', url: '' });
        setFiles([]);
        onStarted();
      },
    );
    setBusy(false);
  };
  return (
    <div class="tel-form">
      <form class="filters" onSubmit={submit} aria-label="Clone a voice" noValidate>
        <h3>Clone a voice</h3>
        <Field label="Voice name" issue={fieldIssue(problem, 'name')}>
          <input value={form.name} onInput={set('name')} />
        </Field>
        <Field label="Voice language" issue={fieldIssue(problem, 'language')}>
          <input value={form.language} onInput={set('language')} size={8} />
        </Field>
        <Choice name="Gender" value={form.gender} options={GENDERS} onChange={(gender) => setForm({ ...form, gender })} issue={fieldIssue(problem, 'gender')} />
        <Field label="Description (optional)" issue={fieldIssue(problem, 'description')}>
          <input value={form.description} onInput={set('description')} size={24} />
        </Field>
        <Field label="Samples (WAV)" issue={fieldIssue(problem, 'samples')}>
          <input type="file" accept=".wav,audio/wav" multiple onChange={(e) => setFiles([...(e.currentTarget.files ?? [])])} />
        </Field>
        <Field label="Or a sample's address" issue={fieldIssue(problem, 'url')}>
          <input type="url" value={form.url} onInput={set('url')} placeholder="https://…/speaker.wav" size={24} />
        </Field>
        <button type="submit" disabled={busy}>
          Start cloning
        </button>
      </form>
      <p class="muted">PCM WAV, at least 10 s of speech in all; files sent from here must stay under 1 MiB together (longer recordings by address).</p>
      <ProblemBox problem={restOf(problem, ['name', 'language', 'gender', 'description', 'samples', 'url'])} />
    </div>
  );
}

// ---- speech providers ----

const EMPTY_SPEECH = { name: '', kind: 'deepgram', api_key: '', base_url: '', stt_model: '', tts_model: '' };

function SpeechProviders() {
  const providers = useLoad(() => take(api.GET('/v1/speech_provider/list', LIST)), 'speech');
  const [form, setForm] = useState(EMPTY_SPEECH);
  const { problem, run } = useAction();
  const set = (k: keyof typeof form) => (e: Event) => setForm({ ...form, [k]: (e.currentTarget as HTMLInputElement).value });
  const submit = async (event: Event) => {
    event.preventDefault();
    await run(
      () =>
        take(
          api.POST('/v1/speech_provider/create', {
            body: {
              name: form.name,
              kind: form.kind as (typeof SPEECH_KINDS)[number],
              api_key: form.api_key,
              ...omitEmpty({ base_url: form.base_url, stt_model: form.stt_model, tts_model: form.tts_model }),
            },
          }),
        ),
      () => {
        setForm(EMPTY_SPEECH);
        providers.reload();
      },
    );
  };
  return (
    <section aria-labelledby="speech">
      <h2 id="speech">Speech providers</h2>
      <ProblemBox problem={providers.error} />
      {providers.data && (
        <div class="tel-scroll">
          <table class="speech-providers">
            <Head columns={['Name', 'Kind', 'API address', 'Recognition model', 'Synthesis model', 'Added']} />
            <tbody>
              {providers.data.speech_providers.map((p) => (
                <tr key={p.speech_provider_id} data-speech-provider={p.name}>
                  <td>{p.name}</td>
                  <td>{p.kind}</td>
                  <td>{p.base_url ?? 'default'}</td>
                  <td>{p.stt_model ?? '–'}</td>
                  <td>{p.tts_model ?? '–'}</td>
                  <td>{when(p.created_at)}</td>
                </tr>
              ))}
              {providers.data.speech_providers.length === 0 && (
                <tr>
                  <td colSpan={6} class="muted">
                    None: calls use the platform's offline speech.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      <div class="tel-form">
        <form class="filters" onSubmit={submit} aria-label="Add a speech provider" noValidate>
          <h3>Add a speech provider</h3>
          <Field label="Provider name" issue={fieldIssue(problem, 'name')}>
            <input value={form.name} onInput={set('name')} />
          </Field>
          <Choice name="Service" value={form.kind} options={SPEECH_KINDS} onChange={(kind) => setForm({ ...form, kind })} issue={fieldIssue(problem, 'kind')} />
          <Field label="Service API key" issue={fieldIssue(problem, 'api_key')}>
            <input type="password" value={form.api_key} onInput={set('api_key')} autoComplete="new-password" />
          </Field>
          <Field label="Service address (optional)" issue={fieldIssue(problem, 'base_url')}>
            <input type="url" value={form.base_url} onInput={set('base_url')} size={22} />
          </Field>
          {form.kind !== 'elevenlabs' && (
            <Field label="Recognition model (optional)" issue={fieldIssue(problem, 'stt_model')}>
              <input value={form.stt_model} onInput={set('stt_model')} size={14} />
            </Field>
          )}
          {form.kind !== 'deepgram' && (
            <Field label="Synthesis model (optional)" issue={fieldIssue(problem, 'tts_model')}>
              <input value={form.tts_model} onInput={set('tts_model')} size={14} />
            </Field>
          )}
          <button type="submit">Add provider</button>
        </form>
        <ProblemBox problem={restOf(problem, ['name', 'kind', 'api_key', 'base_url', 'stt_model', 'tts_model'])} />
      </div>
    </section>
  );
}
