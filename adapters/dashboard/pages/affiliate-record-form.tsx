/** @jsxImportSource hono/jsx */
import { AFFILIATE_NOTES_MAX, AFFILIATE_TAG_MAX, AFFILIATE_TAGS_MAX } from '../../../domain/index.js';
import type { affiliateDetailJson } from '../../http/routes/affiliate.json.js';
import type { Form } from '../page-kit.js';
import { FieldError, invalidIf, TextField, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';

/** The form's comma-separated tags as the API's list (blank pieces dropped; the domain keeps each once). */
export const tagsOf = (text: string | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');

/**
 * The merchant's own record of the affiliate: tags and notes shown first (what the merchant keeps in
 * mind), then the form that edits them with the name and, for a record without login, the email.
 */
export const AffiliateRecordForm = ({ detail: d, form, problem, csrf }: { detail: ReturnType<typeof affiliateDetailJson>; form: Form | undefined; problem: Problem | null | undefined; csrf: string }) => {
  const values = form ?? { name: d.name, email: d.email, notes: d.notes, tags: d.tags.join(', ') };
  const headless = d.createdVia === 'api';
  return (
    <section aria-labelledby="record-heading">
      <h2 id="record-heading">Notes and tags</h2>
      {d.tags.length > 0 ? (
        <ul class="tags" aria-label="Tags">
          {d.tags.map((t) => (
            <li>
              <a href={`/dashboard/affiliates?tag=${encodeURIComponent(t)}`}>{t}</a>
            </li>
          ))}
        </ul>
      ) : null}
      {d.notes ? <p class="notes">{d.notes}</p> : <p class="muted">No notes yet. Only your team sees them.</p>}
      <details open={problem ? true : undefined}>
        <summary>Edit name, email, notes and tags</summary>
        <form method="post" action={`/dashboard/affiliates/${d.id}/edit`} class="stack">
          <CsrfField token={csrf} />
          <TextField form={values} problem={problem} name="name" label="Name" required maxlength={200} />
          {headless ? (
            <TextField form={values} problem={problem} name="email" label="Email" type="email" required maxlength={320} />
          ) : (
            <p class="muted">The email is the address this affiliate signs in with; only they can change it.</p>
          )}
          <TextField form={values} problem={problem} name="tags" label="Tags" hint={`Separated by commas; up to ${AFFILIATE_TAGS_MAX}, each up to ${AFFILIATE_TAG_MAX} characters.`} />
          <label>
            Notes
            <textarea name="notes" rows={4} maxlength={AFFILIATE_NOTES_MAX} {...invalidIf(problem, 'notes')}>
              {values.notes ?? ''}
            </textarea>
            <span class="muted plain">Private to your team; the affiliate never sees them.</span>
            <FieldError problem={problem} field="notes" />
          </label>
          <button type="submit">Save</button>
        </form>
      </details>
    </section>
  );
};
