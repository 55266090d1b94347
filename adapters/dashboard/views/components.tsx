/** @jsxImportSource hono/jsx */
import type { Child } from 'hono/jsx';
import type { FieldProblem } from '../../../domain/index.js';
import { labelCells } from './cell-labels.js';
import { CsrfField } from './layout.js';

export interface Problem {
  readonly message: string;
  readonly details?: readonly FieldProblem[] | undefined;
}

export const ErrorBox = ({ problem }: { problem: Problem | null | undefined }) =>
  problem ? (
    <div class="error" role="alert">
      <p class="flush">{problem.message}</p>
      {problem.details?.length ? (
        <ul>
          {problem.details.map((d) => (
            <li>
              {d.field}: {d.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  ) : null;

export const Notice = ({ text }: { text: string | null | undefined }) =>
  text ? (
    <div class="notice" role="status">
      {text}
    </div>
  ) : null;

/**
 * A table: each row a card of labelled values on a narrow screen (a wide screen sees the table), or,
 * with `cards={false}` (a grid of figures that only reads as a grid), one that scrolls sideways
 * instead of breaking the page. `empty` may say what to do when it has no rows.
 */
export const Table = ({
  caption,
  head,
  children,
  empty,
  cards = true,
}: {
  caption: string;
  head: readonly (string | { label: string; num?: boolean; narrow?: boolean })[];
  children?: Child;
  empty?: boolean | string;
  cards?: boolean;
}) => {
  const rows = cards ? labelCells(children, head.map((h) => (typeof h === 'string' ? h : h.label))) : children;
  return (
    <div class={cards ? 'table-wrap as-cards' : 'table-wrap'} role="region" aria-label={caption} tabindex={0}>
      <table>
        <caption class="sr-only">{caption}</caption>
        <thead>
          <tr>
            {head.map((h) =>
              typeof h === 'string' ? (
                <th scope="col">{h}</th>
              ) : (
                <th scope="col" class={[h.num ? 'num' : '', h.narrow ? 'hide-narrow' : ''].join(' ').trim() || undefined}>
                  {h.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {empty ? (
            <tr>
              <td colspan={head.length} class="muted empty">
                {typeof empty === 'string' ? empty : 'Nothing here yet.'}
              </td>
            </tr>
          ) : (
            rows
          )}
        </tbody>
      </table>
    </div>
  );
};

const withPage = (base: string, params: Record<string, string | undefined>, page: number) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, v);
  q.set('page', String(page));
  return `${base}?${q.toString()}`;
};

/**
 * Previous / next links; with htmx only the list (`#list`, or `target`) is swapped and the address
 * updated, without it they are plain links. With `total` it says how many pages there are; with
 * `hasMore` (a list too long to count on every view) only whether another page follows.
 */
export const Pager = ({
  base,
  params,
  page,
  limit,
  target = 'list',
  ...count
}: { base: string; params: Record<string, string | undefined>; page: number; limit: number; target?: string } & ({ total: number } | { hasMore: boolean })) => {
  const pages = 'total' in count ? Math.max(1, Math.ceil(count.total / limit)) : null;
  const hasNext = pages === null ? 'hasMore' in count && count.hasMore : page < pages;
  const link = (to: number, label: string, rel: string) => (
    <a href={withPage(base, params, to)} rel={rel} hx-get={withPage(base, params, to)} hx-target={`#${target}`} hx-select={`#${target}`} hx-swap="outerHTML" hx-push-url="true">
      {label}
    </a>
  );
  return (
    <nav class="pager" aria-label="Pages">
      {page > 1 ? link(page - 1, '← Previous', 'prev') : null}
      <span>{pages === null ? `Page ${page}` : `Page ${page} of ${pages} · ${'total' in count ? count.total : 0} in all`}</span>
      {hasNext ? link(page + 1, 'Next →', 'next') : null}
    </nav>
  );
};

/** A field's explanation, under its label's text. */
const Hint = ({ text }: { text: string | undefined }) =>
  text ? (
    <span class="muted plain">
      {text}
    </span>
  ) : null;

export const shortDate = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '—');

/** The use case's complaint about one form field, if any (a `validation_error` detail names it). */
export const fieldProblem = (problem: Problem | null | undefined, field: string): string | undefined =>
  problem?.details?.find((d) => d.field === field || d.field.startsWith(`${field}.`))?.message;

/** Attributes tying an input to its field error, so a screen reader reads the error with the field. */
export const invalidIf = (problem: Problem | null | undefined, field: string) =>
  fieldProblem(problem, field) ? { 'aria-invalid': 'true' as const, 'aria-describedby': `${field}-error` } : {};

/** The field's error, shown next to the field (the error box above the form lists them all as well). */
export const FieldError = ({ problem, field }: { problem: Problem | null | undefined; field: string }) => {
  const message = fieldProblem(problem, field);
  return message ? (
    <span class="field-error" id={`${field}-error`}>
      {message}
    </span>
  ) : null;
};

/** A labelled text input holding the form's value, with its field error beside it (read with it by a screen reader). */
export const TextField = ({
  form,
  problem,
  name,
  label,
  type,
  hint,
  ...rest
}: {
  form: Record<string, string | undefined>;
  problem: Problem | null | undefined;
  name: string;
  label: string;
  type?: string;
  hint?: string;
  inputmode?: 'decimal' | 'numeric';
  min?: number;
  max?: number;
  maxlength?: number;
  required?: boolean;
  autocomplete?: string;
}) => (
  <label>
    {label}
    <input name={name} type={type ?? 'text'} value={form[name] ?? ''} {...rest} {...invalidIf(problem, name)} />
    <Hint text={hint} />
    <FieldError problem={problem} field={name} />
  </label>
);

/** One choice of a drop-down: a value shown as itself, or a value and what the user reads. */
export type Choice = string | { readonly value: string; readonly label: Child };

/** Records with an id and a name (campaigns, teams) as choices. */
export const choicesOf = (items: readonly { readonly id: string; readonly name: string }[]): Choice[] => items.map((i) => ({ value: i.id, label: i.name }));

/**
 * A labelled drop-down with the choice equal to `selected` chosen. `none` is an empty first choice
 * (no filter, or nothing chosen); given the form's `problem`, the field's error shows beside it.
 */
export const SelectField = ({
  label,
  name,
  choices,
  selected,
  none,
  problem,
  hint,
  required,
}: {
  label: string;
  name: string;
  choices: readonly Choice[];
  selected: string | undefined;
  none?: string;
  problem?: Problem | null | undefined;
  hint?: string;
  required?: boolean;
}) => (
  <label>
    {label}
    <select name={name} required={required} {...invalidIf(problem, name)}>
      {none === undefined ? null : <option value="">{none}</option>}
      {choices.map((choice) => {
        const { value, label: shown } = typeof choice === 'string' ? { value: choice, label: choice } : choice;
        return (
          <option value={value} selected={value === selected}>
            {shown}
          </option>
        );
      })}
    </select>
    <Hint text={hint} />
    <FieldError problem={problem} field={name} />
  </label>
);

/** A list's filters: a form that reloads the list with its fields in the address; `after` follows the button. */
export const FilterForm = ({ action, submit = 'Filter', after, children }: { action: string; submit?: string; after?: Child; children?: Child }) => (
  <form method="get" action={action} class="filters">
    {children}
    <button type="submit" class="secondary">
      {submit}
    </button>
    {after}
  </form>
);

/**
 * A question asked before a step that matters: the page comes back with the dialog open; its
 * confirm button (focused) posts `children` (the hidden fields) to `action` again, and the cancel
 * link goes back to `cancelHref`. `name` prefixes the ids of its title and text.
 */
export const ConfirmDialog = ({
  id,
  name,
  title,
  text,
  action,
  csrf,
  confirm,
  danger,
  cancelHref,
  cancel = 'Keep it',
  children,
}: {
  id: string;
  name: string;
  title: Child;
  text: Child;
  action: string;
  csrf: string;
  confirm: string;
  danger?: boolean;
  cancelHref: string;
  cancel?: string;
  children?: Child;
}) => (
  <dialog open data-open aria-labelledby={`${name}-title`} aria-describedby={`${name}-text`} id={id}>
    <h2 id={`${name}-title`}>{title}</h2>
    <p id={`${name}-text`}>{text}</p>
    <form method="post" action={action} class="actions">
      <CsrfField token={csrf} />
      {children}
      <button type="submit" class={danger ? 'danger' : undefined} autofocus>
        {confirm}
      </button>
      <a class="button secondary" href={cancelHref} data-close-dialog>
        {cancel}
      </a>
    </form>
  </dialog>
);

/** A count with its noun, grammatical: `1 conversion`, `2 conversions` (`plural` for irregular nouns). */
export const countOf = (n: number, noun: string, plural = `${noun}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? noun : plural}`;
