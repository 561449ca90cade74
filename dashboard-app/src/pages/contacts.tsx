import { useState } from 'preact/hooks';
import { api, take, type Organization } from '../api';
import { useAction, useLoad, usePages } from '../load';
import { label, when } from '../format';
import { Confirm, Field, Head, Loading, Pager, ProblemBox, fieldIssue, restOf } from '../ui';

/**
 * The people the organization may call, and the numbers it must never call. Contacts are added one at a time
 * (found by phone or email first, so nobody is stored twice) or from a CSV file, whose refused rows are listed by
 * line; the do-not-call list is checked right before every dial, so a number added here stops the next one.
 */
export function ContactsPage({ org }: { org: Organization }) {
  const can = (p: string) => org.permissions.includes(p);
  const [round, setRound] = useState(0);
  const changed = () => setRound((r) => r + 1);
  return (
    <section aria-labelledby="contacts-title">
      <h1 id="contacts-title">Contacts and do-not-call</h1>
      {can('outbound:call') && (
        <div class="two">
          <AddContact onAdded={changed} />
          <ImportContacts onImported={changed} />
        </div>
      )}
      <Contacts key={round} canDelete={can('outbound:call')} />
      {can('dnc:manage') && <DoNotCall />}
    </section>
  );
}

function AddContact({ onAdded }: { onAdded: () => void }) {
  const [form, setForm] = useState({ name: '', phone: '', email: '', default_country: '' });
  const [done, setDone] = useState<string>();
  const { problem, run } = useAction();
  const set = (k: keyof typeof form) => (e: Event) => setForm({ ...form, [k]: (e.currentTarget as HTMLInputElement).value });
  const add = async (event: Event) => {
    event.preventDefault();
    setDone(undefined);
    const body = Object.fromEntries(Object.entries(form).filter(([, v]) => v.trim() !== '')) as Record<string, string>;
    await run(async () => {
      const { contact, created } = await take(api.POST('/v1/contact/resolve_or_create', { body }));
      setDone(`${contact.name ?? contact.phone ?? contact.email} ${created ? 'added' : 'was already a contact'}.`);
      setForm({ name: '', phone: '', email: '', default_country: form.default_country });
    }, onAdded);
  };
  return (
    <form class="stack" onSubmit={add} aria-label="Add a contact" noValidate>
      <h2>Add a contact</h2>
      <Field label="Name" issue={fieldIssue(problem, 'name')}>
        <input value={form.name} onInput={set('name')} />
      </Field>
      <Field label="Phone" issue={fieldIssue(problem, 'phone')}>
        <input type="tel" value={form.phone} onInput={set('phone')} placeholder="+14155550123" />
      </Field>
      <Field label="Email" issue={fieldIssue(problem, 'email')}>
        <input type="email" value={form.email} onInput={set('email')} />
      </Field>
      <Field label="Country of national numbers" issue={fieldIssue(problem, 'default_country')}>
        <input value={form.default_country} onInput={set('default_country')} placeholder="US" size={4} />
      </Field>
      <ProblemBox problem={restOf(problem, ['name', 'phone', 'email', 'default_country'])} />
      <button type="submit">Add contact</button>
      {done && (
        <p class="muted" role="status">
          {done}
        </p>
      )}
    </form>
  );
}

function ImportContacts({ onImported }: { onImported: () => void }) {
  const [file, setFile] = useState<File>();
  const [result, setResult] = useState<{
    created: number;
    updated: number;
    skipped: number;
    errors: { row: number; field: string | null; reason: string }[];
  }>();
  const { problem, run } = useAction();
  const upload = async (event: Event) => {
    event.preventDefault();
    setResult(undefined);
    await run(async () => setResult(await take(api.POST('/v1/contact/import', { body: { csv: file ? await file.text() : '' } }))), onImported);
  };
  return (
    <form class="stack" onSubmit={upload} aria-label="Import contacts" noValidate>
      <h2>Import a CSV</h2>
      <p class="muted">A header row naming name, phone, email and any other columns (kept as the contact's attributes).</p>
      <Field label="Contacts file (CSV)" issue={fieldIssue(problem, 'csv')}>
        <input type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.currentTarget.files?.[0])} />
      </Field>
      <ProblemBox problem={restOf(problem, ['csv'])} />
      <button type="submit">Import</button>
      {result && (
        <div role="status" class="import-result">
          <p>
            {result.created} added, {result.updated} updated, {result.skipped} skipped.
          </p>
          {result.errors.length > 0 && (
            <ul class="row-errors">
              {result.errors.map((e) => (
                <li key={`${e.row}-${e.field}`}>
                  Line {e.row}
                  {e.field ? ` (${e.field})` : ''}: {e.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}

function Contacts({ canDelete }: { canDelete: boolean }) {
  const pages = usePages();
  const cursor = pages.cursor;
  const contacts = useLoad(() => take(api.GET('/v1/contact/list', { params: { query: { page_size: 50, ...(cursor ? { cursor } : {}) } } })), cursor ?? 'first');
  const { problem, run } = useAction();
  const remove = (id: string) => run(() => take(api.DELETE('/v1/contact/delete/{contact_id}', { params: { path: { contact_id: id } } })), contacts.reload);
  return (
    <section aria-labelledby="contacts">
      <h2 id="contacts">Contacts</h2>
      <ProblemBox problem={contacts.error ?? problem} />
      {contacts.loading && !contacts.data ? <Loading what="contacts" /> : null}
      {contacts.data && (
        <table class="contacts">
          <Head columns={['Name', 'Phone', 'Email', 'Zone', 'Attributes', 'Added', ...(canDelete ? ['Actions'] : [])]} />
          <tbody>
            {contacts.data.contacts.map((c) => (
              <tr key={c.contact_id} data-contact={c.phone ?? c.email ?? c.contact_id}>
                <td>{c.name ?? '–'}</td>
                <td>{c.phone ?? '–'}</td>
                <td>{c.email ?? '–'}</td>
                <td>{c.time_zone ?? '–'}</td>
                <td class="muted">
                  {Object.entries(c.attributes)
                    .map(([k, v]) => `${k}: ${v}`)
                    .join(' · ')}
                </td>
                <td>{when(c.created_at)}</td>
                {canDelete && (
                  <td>
                    <Confirm action="Delete" what={c.name ?? c.phone ?? c.email ?? c.contact_id} onConfirm={() => remove(c.contact_id)} />
                  </td>
                )}
              </tr>
            ))}
            {contacts.data.contacts.length === 0 && (
              <tr>
                <td colSpan={7} class="muted">
                  No contact yet.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      )}
      <Pager label="Contact pages" pages={pages} page={contacts.data} />
    </section>
  );
}

function DoNotCall() {
  const entries = useLoad(() => take(api.GET('/v1/dnc/list', { params: { query: { page_size: 100 } } })), 'dnc');
  const [form, setForm] = useState({ phone: '', reason: '' });
  const [check, setCheck] = useState('');
  const [checked, setChecked] = useState<string>();
  const adding = useAction();
  const checking = useAction();
  const removing = useAction();
  const add = async (event: Event) => {
    event.preventDefault();
    await adding.run(
      () => take(api.POST('/v1/dnc/add', { body: { phone: form.phone, source: 'manual', ...(form.reason.trim() ? { reason: form.reason.trim() } : {}) } })),
      () => {
        setForm({ phone: '', reason: '' });
        entries.reload();
      },
    );
  };
  const test = async (event: Event) => {
    event.preventDefault();
    setChecked(undefined);
    await checking.run(async () => {
      const r = await take(api.GET('/v1/dnc/check', { params: { query: { phone: check } } }));
      setChecked(r.blocked ? `${r.phone} is on the list: it is never dialled.` : `${r.phone} is not on the list.`);
    });
  };
  const remove = (phone: string) => removing.run(() => take(api.POST('/v1/dnc/remove', { body: { phone } })), entries.reload);
  return (
    <section aria-labelledby="dnc">
      <h2 id="dnc">Do not call</h2>
      <div class="two">
        <form class="filters" onSubmit={add} aria-label="Add a number to the do-not-call list" noValidate>
          <Field label="Number never to call" issue={fieldIssue(adding.problem, 'phone')}>
            <input type="tel" value={form.phone} onInput={(e) => setForm({ ...form, phone: e.currentTarget.value })} />
          </Field>
          <Field label="Why" issue={fieldIssue(adding.problem, 'reason')}>
            <input value={form.reason} onInput={(e) => setForm({ ...form, reason: e.currentTarget.value })} placeholder="asked not to be called" />
          </Field>
          <button type="submit">Add to the list</button>
        </form>
        <form class="filters" onSubmit={test} aria-label="Check a number" noValidate>
          <Field label="Check a number" issue={fieldIssue(checking.problem, 'phone')}>
            <input type="tel" value={check} onInput={(e) => setCheck(e.currentTarget.value)} />
          </Field>
          <button type="submit" class="secondary">
            Check
          </button>
          {checked && (
            <p role="status" id="dnc-check">
              {checked}
            </p>
          )}
        </form>
      </div>
      <ProblemBox problem={entries.error ?? restOf(adding.problem, ['phone', 'reason']) ?? removing.problem} />
      {entries.data && (
        <table class="dnc">
          <Head columns={['Number', 'Why', 'Source', 'Added by', 'Added', 'Actions']} />
          <tbody>
            {entries.data.entries.map((e) => (
              <tr key={e.dnc_entry_id} data-dnc={e.phone}>
                <td>{e.phone}</td>
                <td>{e.reason ?? '–'}</td>
                <td>{label(e.source)}</td>
                <td>{e.created_by.name ?? e.created_by.id ?? label(e.created_by.type)}</td>
                <td>{when(e.created_at)}</td>
                <td>
                  <Confirm action="Remove" what={e.phone} onConfirm={() => remove(e.phone)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
