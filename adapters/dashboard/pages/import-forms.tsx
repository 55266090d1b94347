/** @jsxImportSource hono/jsx */
import type { Child } from 'hono/jsx';
import type { ImportSource } from '../../../application/ports/imports.js';
import { ErrorBox, FieldError, invalidIf, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';
import { credentialInputs, IMPORT_CHOICES, sourceName, type CredentialInput } from './import-sources.js';

export const PROGRAM_IMPORT_PATH = '/dashboard/import';

/** The form field of a credential: the API's own name, so a refusal's detail names the input. */
export const credentialFieldName = (field: string) => `credentials.${field}`;

/** Where the program comes from: links, so the choice works without a script. */
const SourcePicker = ({ current }: { current: ImportSource }) => (
  <nav aria-labelledby="import-from">
    <p id="import-from" class="flush">
      <strong>Import from</strong>
    </p>
    <ul class="plain actions">
      {IMPORT_CHOICES.map((choice) => (
        <li>
          <a href={`${PROGRAM_IMPORT_PATH}?source=${choice.source}`} class={choice.source === current ? 'button' : 'button secondary'} aria-current={choice.source === current ? 'true' : undefined}>
            {choice.name}
          </a>
        </li>
      ))}
    </ul>
  </nav>
);

/** After a dry run, the form also names the run (a refusal shows its page again) and holds the campaign selects. */
const AgainFields = ({ again }: { again?: AgainForm | undefined }) =>
  again ? (
    <>
      <input type="hidden" name="preview" value={again.previewId} />
      {again.fields}
    </>
  ) : null;

export interface AgainForm {
  /** The dry run whose page holds the form. */
  readonly previewId: string;
  /** Fields of the import beyond the source's own (the campaign selects). */
  readonly fields: Child;
}

const UploadForm = ({ csrf, problem, again }: { csrf: string; problem?: Problem | null | undefined; again?: AgainForm | undefined }) => (
  <section aria-labelledby="upload" class={again ? 'card import-again' : 'card'}>
    <h2 id="upload" class="flush-top">
      {again ? 'Import it' : 'Upload the files'}
    </h2>
    <p>
      {again
        ? 'The preview above carried nothing. Choose the same files again, choose where each campaign goes, and import them; records already imported are matched and left as they are.'
        : 'The zip a download of this dashboard or GET /api/v1/exports gives, or some of its CSV files (campaigns.csv, affiliates.csv, …) in the documented format. Preview first: nothing is written until you import.'}
    </p>
    <ErrorBox problem={problem} />
    <form method="post" action={PROGRAM_IMPORT_PATH} enctype="multipart/form-data" class="stack">
      <CsrfField token={csrf} />
      <label>
        Zip or CSV files
        <input type="file" name="files" accept=".zip,.csv,application/zip,text/csv" multiple required />
      </label>
      <AgainFields again={again} />
      <StartButtons again={again !== undefined} />
    </form>
  </section>
);

const StartButtons = ({ again }: { again?: boolean | undefined }) => (
  <div class="actions">
    {again ? null : (
      <button type="submit" name="dryRun" value="true">
        Preview (dry run)
      </button>
    )}
    <button type="submit" name="dryRun" value="false" class={again ? undefined : 'secondary'}>
      Import
    </button>
  </div>
);

/** The refusal with each credential named as its input is labelled, for the box above the form. */
const labelled = (problem: Problem | null | undefined, inputs: readonly CredentialInput[]): Problem | null => {
  if (!problem) return null;
  const labelOf = (field: string) => inputs.find((i) => credentialFieldName(i.field) === field)?.label ?? field;
  const only = problem.details?.length === 1 ? problem.details[0] : undefined;
  return {
    // A missing key's message is the detail's own ("is required for tolt"): say which field.
    message: only && only.message === problem.message ? `${labelOf(only.field)} ${only.message}` : problem.message,
    details: only && only.message === problem.message ? [] : problem.details?.map((d) => ({ ...d, field: labelOf(d.field) })),
  };
};

export interface HostedFormProps {
  readonly csrf: string;
  readonly source: ImportSource;
  /** The fields the use case asks for; null when this service cannot read the source. */
  readonly fields: readonly string[] | null;
  readonly problem?: Problem | null | undefined;
  /** What the form held, shown again for the ids only: a key is never written back into the page. */
  readonly form?: Readonly<Record<string, string>> | undefined;
  /** Set on a dry run's page: the form imports what it previewed. */
  readonly again?: AgainForm | undefined;
}

const HostedForm = ({ csrf, source, fields, problem, form = {}, again }: HostedFormProps) => {
  const name = sourceName(source);
  const inputs = credentialInputs(source, fields ?? []);
  return (
    <section aria-labelledby="hosted" class={again ? 'card import-again' : 'card'}>
      <h2 id="hosted" class="flush-top">
        {again ? `Import it from ${name}` : `Read the program from ${name}`}
      </h2>
      <p>
        {again
          ? `The preview above carried nothing. Enter the ${name} keys again (a run drops them when it ends) and import; records already imported are matched and left as they are.`
          : `The program is read through ${name}'s API with your keys, page by page within its rate limit. Preview first: nothing is written until you import. The keys are kept encrypted while the run reads, dropped when it ends, and never shown again.`}
      </p>
      <ErrorBox problem={labelled(problem, inputs)} />
      {fields === null ? (
        <p>{name} imports are not available on this service; export from it to CSV in the documented format and upload the files instead.</p>
      ) : (
        <form method="post" action={PROGRAM_IMPORT_PATH} class="stack" autocomplete="off">
          <CsrfField token={csrf} />
          <input type="hidden" name="source" value={source} />
          {inputs.map((input) => {
            const field = credentialFieldName(input.field);
            return (
              <label>
                {input.label}
                <input
                  name={field}
                  type={input.secret ? 'password' : 'text'}
                  value={input.secret ? undefined : (form[field] ?? '')}
                  autocomplete="off"
                  spellcheck={false}
                  maxlength={500}
                  required
                  {...invalidIf(problem, field)}
                />
                {input.hint ? <span class="muted plain">{input.hint}</span> : null}
                <FieldError problem={problem} field={field} />
              </label>
            );
          })}
          <AgainFields again={again} />
          <StartButtons again={again !== undefined} />
        </form>
      )}
    </section>
  );
};

/** The start of an import: the source picker and the chosen source's form. */
export const ImportStart = (props: HostedFormProps) => (
  <>
    <SourcePicker current={props.source} />
    <SourceForm {...props} />
  </>
);

/** The chosen source's form alone (after a dry run, to import the same program). */
export const SourceForm = (props: HostedFormProps) =>
  props.source === 'csv' ? <UploadForm csrf={props.csrf} problem={props.problem} again={props.again} /> : <HostedForm {...props} />;
