/** @jsxImportSource hono/jsx */
import type { AffiliateName } from '../../../application/ports/affiliate-names.js';

/** An affiliate where a row names one: name linking to its page, email beneath; never its id. */
export const AffiliateCell = ({ id, names }: { id: string; names: ReadonlyMap<string, AffiliateName> }) => {
  const a = names.get(id);
  if (!a) return <span class="muted">Unknown affiliate</span>;
  return (
    <>
      <a href={`/dashboard/affiliates/${a.id}`}>{a.name || a.email}</a>
      {a.name && a.name.toLowerCase() !== a.email.toLowerCase() ? <div class="muted small">{a.email}</div> : null}
    </>
  );
};

/** A campaign where a row names one: its name linking to its page. */
export const CampaignCell = ({ id, names }: { id: string; names: ReadonlyMap<string, string> }) => {
  const name = names.get(id);
  return name ? <a href={`/dashboard/campaigns/${id}`}>{name}</a> : <span class="muted">Unknown campaign</span>;
};

/** How a picker offers an affiliate, and the text it accepts back: `Name <email>`. */
export const pickerLabel = (a: { name: string; email: string }) => (a.name && a.name.toLowerCase() !== a.email.toLowerCase() ? `${a.name} <${a.email}>` : a.email);

/** The options of an affiliate picker (also the answer to its htmx search). */
export const AffiliateOptions = ({ affiliates }: { affiliates: readonly { name: string; email: string }[] }) => (
  <>
    {affiliates.map((a) => (
      <option value={pickerLabel(a)} />
    ))}
  </>
);

/**
 * A searchable affiliate field: type a name or an email. Without JavaScript the browser filters the
 * offered affiliates as one types (`<datalist>`) and the server resolves the text on submit; with htmx
 * the options are searched among all the merchant's affiliates as one types.
 */
export const AffiliatePicker = ({
  name,
  label,
  value,
  offered,
  required,
  invalid,
}: {
  name: string;
  label: string;
  value?: string | undefined;
  offered: readonly { name: string; email: string }[];
  required?: boolean;
  invalid?: boolean;
}) => {
  const listId = `${name}-options`;
  return (
    <label>
      {label}
      <span class="muted small"> (type a name or an email)</span>
      <input
        name={name}
        list={listId}
        autocomplete="off"
        required={required}
        value={value ?? ''}
        aria-invalid={invalid ? 'true' : undefined}
        hx-get="/dashboard/pickers/affiliates"
        hx-trigger="input changed delay:250ms"
        hx-target={`#${listId}`}
        hx-swap="innerHTML"
        hx-vals={JSON.stringify({ field: name })}
      />
      <datalist id={listId}>
        <AffiliateOptions affiliates={offered} />
      </datalist>
    </label>
  );
};
