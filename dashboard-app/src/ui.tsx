import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Problem } from './api';
import type { Pages } from './load';
import { onLink } from './router';
import { label as words } from './format';

/** A refusal as the server put it: its title and detail, and each field it names. */
export function ProblemBox({ problem }: { problem?: Problem }) {
  if (!problem) return null;
  return (
    <div class="problem" role="alert">
      <strong>{problem.title}</strong>
      {problem.detail && <span> {problem.detail}</span>}
      {problem.errors?.length ? (
        <ul>
          {problem.errors.map((i) => (
            <li key={i.field}>
              <code>{i.field}</code>: {i.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A problem's field path without the surface's prefix (body.url, query.state: url, state). */
const bare = (field: string) => field.replace(/^(body|query|path)\./, '');

/**
 * The server's message for one field of a form, to show beside it: the issue naming the field (or ending with it:
 * stages.0.name for name), or else those inside it (allowed_ips.2, retry_schedule_ms.1 for a list's field), each
 * with the part it names.
 */
export function fieldIssue(problem: Problem | undefined, field: string): string | undefined {
  const issues = problem?.errors ?? [];
  const own = issues.find((i) => bare(i.field) === field || i.field.endsWith(`.${field}`));
  if (own) return own.message;
  const inside = issues.filter((i) => bare(i.field).startsWith(`${field}.`) || i.field.includes(`.${field}.`));
  return inside.length ? inside.map((i) => `${bare(i.field)}: ${i.message}`).join('; ') : undefined;
}

/**
 * The problem for a form's box: its title and detail with the issues not shown beside one of the form's `fields`;
 * nothing when every issue it names is beside its field already.
 */
export function restOf(problem: Problem | undefined, fields: string[]): Problem | undefined {
  if (!problem) return undefined;
  const errors = problem.errors?.filter((i) => !fields.some((f) => fieldIssue({ ...problem, errors: [i] }, f)));
  return problem.errors?.length && !errors?.length ? undefined : { ...problem, errors };
}

export function Field({ label, issue, children }: { label: string; issue?: string; children: ComponentChildren }) {
  return (
    <div class={issue ? 'field invalid' : 'field'}>
      <label>
        <span>{label}</span>
        {children}
      </label>
      {issue && (
        <small class="issue" role="alert">
          {issue}
        </small>
      )}
    </div>
  );
}

export function Link({ href, children, class: cls }: { href: string; children: ComponentChildren; class?: string }) {
  return (
    <a href={href} onClick={onLink} class={cls}>
      {children}
    </a>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p class="muted" aria-busy="true">
      Loading {what}…
    </p>
  );
}

/**
 * A labelled choice among the API's values, shown in words; `any` adds a first choice meaning no filter (''). The
 * select is named by aria-label too: inside its label alone it would be named by the label and its chosen option.
 */
export function Choice(props: { name: string; value?: string; options: readonly string[]; onChange: (value: string) => void; any?: string; issue?: string }) {
  return (
    <Field label={props.name} issue={props.issue}>
      <select aria-label={props.name} value={props.value ?? ''} onChange={(e) => props.onChange(e.currentTarget.value)}>
        {props.any !== undefined && <option value="">{props.any}</option>}
        {props.options.map((o) => (
          <option key={o} value={o}>
            {words(o)}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A table's column headings; a heading ending in '#' is numeric (right-aligned). */
export function Head({ columns }: { columns: string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c} scope="col" class={c.endsWith('#') ? 'num' : undefined}>
            {c.replace(/#$/, '')}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * A move not to be made by a slip (a delete, a disconnect): the first press asks in place, with the confirming
 * button focused; the second does it. Named "<action> <what>" for assistive technology.
 */
export function Confirm({ action, what, onConfirm }: { action: string; what: string; onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) yes.current?.focus();
  }, [asking]);
  if (!asking)
    return (
      <button type="button" class="secondary" aria-label={`${action} ${what}`} onClick={() => setAsking(true)}>
        {action}
      </button>
    );
  return (
    <span class="confirm" role="group" aria-label={`${action} ${what}?`}>
      <button
        ref={yes}
        type="button"
        class="danger"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        Yes, {action.toLowerCase()}
      </button>
      <button type="button" class="secondary" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}

/**
 * The buttons under a keyset-paged table: back (one page, or to the first with `toFirst`) and on, disabled where
 * there is nowhere to go.
 */
export function Pager(props: {
  label: string;
  pages: Pages;
  page?: { has_more: boolean; next_cursor: string | null };
  back?: string;
  next?: string;
  toFirst?: boolean;
}) {
  const { pages, page } = props;
  return (
    <nav class="pager" aria-label={props.label}>
      <button type="button" disabled={pages.first} onClick={props.toFirst ? pages.toFirst : pages.back}>
        {props.back ?? '← Back'}
      </button>
      <button type="button" disabled={!page?.has_more} onClick={() => pages.next(page?.next_cursor)}>
        {props.next ?? 'Next →'}
      </button>
    </nav>
  );
}
