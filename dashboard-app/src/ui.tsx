import type { ComponentChildren } from 'preact';
import type { Problem } from './api';
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

/** The server's message for one field of a form (the problem's issue whose field ends with it), shown beside the field. */
export function fieldIssue(problem: Problem | undefined, field: string): string | undefined {
  return problem?.errors?.find((i) => i.field === field || i.field.endsWith(`.${field}`))?.message;
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

/** A labelled choice among the API's values, shown in words; `any` adds a first choice meaning no filter (''). */
export function Choice(props: { name: string; value?: string; options: readonly string[]; onChange: (value: string) => void; any?: string; issue?: string }) {
  return (
    <Field label={props.name} issue={props.issue}>
      <select value={props.value ?? ''} onChange={(e) => props.onChange(e.currentTarget.value)}>
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
