/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { ImportRun } from '../../../application/ports/imports.js';
import { isImportFinished } from '../../../domain/index.js';
import { ApiError } from '../../http/api-error.js';
import type { ImportRouteDependencies } from '../../http/routes/imports.routes.js';
import { filesOfZip, readProgramFiles, UnreadableFiles } from '../../porting/program-files-reader.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { importTermsNotice } from './import-terms-notice.js';
import { guardsRefuse, idOrNotFound, page, refusal, type DashboardContext } from '../page-kit.js';
import { countOf, ErrorBox, Table, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';

export const PROGRAM_IMPORT_PATH = '/dashboard/import';
/** Shown of a dry run's preview on the page; the API answers every record. */
const PREVIEW_SHOWN = 200;
/** While an import runs, the page asks again this often (the `Refresh` header: no script needed). */
const REFRESH_SECONDS = 2;

const UploadForm = ({ csrf, problem, again }: { csrf: string; problem?: Problem | null; again?: boolean }) => (
  <section aria-labelledby="upload" class="card">
    <h2 id="upload" class="flush-top">
      {again ? 'Import it' : 'Upload the files'}
    </h2>
    <p>
      {again
        ? 'The preview above carried nothing. Choose the same files again and import them; records already imported are matched and left as they are.'
        : 'The zip a download of this dashboard or GET /api/v1/exports gives, or some of its CSV files (campaigns.csv, affiliates.csv, …) in the documented format. Preview first: nothing is written until you import.'}
    </p>
    <ErrorBox problem={problem} />
    <form method="post" action={PROGRAM_IMPORT_PATH} enctype="multipart/form-data" class="stack">
      <CsrfField token={csrf} />
      <label>
        Zip or CSV files
        <input type="file" name="files" accept=".zip,.csv,application/zip,text/csv" multiple required />
      </label>
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
    </form>
  </section>
);

const ProgressTable = ({ run }: { run: ImportRun }) => {
  const resources = Object.entries(run.progress);
  return (
    <Table caption="Rows per file" head={['File', { label: 'Read', num: true }, { label: run.dryRun ? 'Would create' : 'Created', num: true }, { label: 'Matched', num: true }, { label: 'Skipped', num: true }, { label: 'Failed', num: true }]} empty={resources.length === 0 ? 'No row carried yet.' : false}>
      {resources.map(([resource, p]) => (
        <tr>
          <td>{resource}.csv</td>
          <td class="num">{p.read}</td>
          <td class="num">{p.created}</td>
          <td class="num">{p.matched}</td>
          <td class="num">{p.skipped}</td>
          <td class="num">{p.failed}</td>
        </tr>
      ))}
    </Table>
  );
};

const Problems = ({ run }: { run: ImportRun }) => {
  const rows = Object.entries(run.progress).flatMap(([resource, p]) => p.problems.map((problem) => ({ resource, ...problem })));
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="problems">
      <h2 id="problems">Rows not carried</h2>
      <Table caption="Rows not carried, with their reason" head={['File', { label: 'Row', num: true }, 'Id', 'Reason']}>
        {rows.map((r) => (
          <tr>
            <td>{r.resource}.csv</td>
            <td class="num">{r.row}</td>
            <td>{r.externalId ?? '—'}</td>
            <td>{r.reason}</td>
          </tr>
        ))}
      </Table>
    </section>
  );
};

const Preview = ({ run }: { run: ImportRun }) => {
  // Records carried into campaigns the merchant chose are not created; the API lists them as `match`.
  const created = run.preview.filter((p) => p.matchedId === undefined);
  return (
  <section aria-labelledby="preview">
    <h2 id="preview">What the import would create</h2>
    <p>
      {countOf(created.length, 'record')}
      {created.length > PREVIEW_SHOWN ? `; the first ${PREVIEW_SHOWN} are listed (GET /api/v1/imports/${run.id} answers all).` : '.'}
    </p>
    <Table caption="Records the import would create" head={['File', 'Id in the file', 'Name']} empty={created.length === 0 ? 'Nothing new: every row is already here or was refused.' : false}>
      {created.slice(0, PREVIEW_SHOWN).map((p) => (
        <tr>
          <td>{p.resource}.csv</td>
          <td>{p.externalId}</td>
          <td>{p.summary || '—'}</td>
        </tr>
      ))}
    </Table>
  </section>
  );
};

/** A campaign carried into one the merchant chose keeps that campaign's terms, so nothing is to set. */
const TermsNotice = ({ run }: { run: ImportRun }) => {
  const notice = importTermsNotice(run.source, Object.keys(run.campaignMap ?? {}).length > 0);
  return notice ? <p class="notice">{notice}</p> : null;
};

const RunPage = ({ run, csrf }: { run: ImportRun; csrf: string }) => {
  const finished = isImportFinished(run.state);
  return (
    <>
      <p role="status">
        {run.dryRun ? 'Dry run' : 'Import'} {run.state}
        {finished ? '.' : `: ${run.cursor.toLocaleString('en-US')} of ${run.rowCount.toLocaleString('en-US')} rows. This page refreshes itself.`}
        {run.failure ? ` ${run.failure}` : ''}
      </p>
      <label>
        Progress
        <progress value={run.cursor} max={Math.max(run.rowCount, 1)}>
          {run.rowCount === 0 ? 100 : Math.round((run.cursor / run.rowCount) * 100)}%
        </progress>
      </label>
      {finished ? null : (
        <form method="post" action={`${PROGRAM_IMPORT_PATH}/${run.id}/cancel`}>
          <CsrfField token={csrf} />
          <button type="submit" class="secondary">
            Stop this {run.dryRun ? 'dry run' : 'import'}
          </button>
        </form>
      )}
      <ProgressTable run={run} />
      <Problems run={run} />
      <TermsNotice run={run} />
      {run.dryRun && finished ? <Preview run={run} /> : null}
      {run.dryRun && run.state === 'completed' ? <UploadForm csrf={csrf} again /> : null}
      <p>
        <a href={PROGRAM_IMPORT_PATH}>Another import</a>
      </p>
    </>
  );
};

/** Every uploaded file by name: a zip gives its entries, a CSV file itself. */
const uploadedFiles = async (c: DashboardContext): Promise<Map<string, string>> => {
  const body = await c.req.parseBody({ all: true });
  const given = ([] as unknown[]).concat(body.files ?? []).filter((f): f is File => f instanceof File && f.size > 0);
  if (given.length === 0) throw new UnreadableFiles('files: choose the zip or at least one CSV file');
  const files = new Map<string, string>();
  for (const file of given) {
    const bytes = Buffer.from(await file.arrayBuffer());
    if (/\.zip$/i.test(file.name)) for (const [name, text] of filesOfZip(bytes)) files.set(name, text);
    else files.set(file.name, bytes.toString('utf8'));
  }
  return files;
};

const dryRunOf = async (c: DashboardContext): Promise<boolean> => (await c.req.parseBody({ all: true })).dryRun !== 'false';

/**
 * Importing a program from the dashboard: the same use case and job as `POST /api/v1/imports`, with
 * the files uploaded in a form; the run's page shows its progress (refreshing itself until it ends)
 * and, for a dry run, everything it would create, with each refused row's reason.
 */
export const programImportRoutes = (deps: ImportRouteDependencies) =>
  new Hono<DashboardEnv>()
    .get('/import', (c) => page(c, 'Import a program', 'overview', <UploadForm csrf={c.get('webSession')!.csrfToken} />))
    .post('/import', async (c) => {
      const render = (problem: Problem, status: 400 | 403) => page(c, 'Import a program', 'overview', <UploadForm csrf={c.get('webSession')!.csrfToken} problem={problem} />, status);
      const refused = guardsRefuse(c, ['write']);
      if (refused) return render(refusal(c, refused).problem, 403);
      let files: ReturnType<typeof readProgramFiles>;
      try {
        files = readProgramFiles(await uploadedFiles(c));
      } catch (error) {
        if (!(error instanceof UnreadableFiles)) throw error;
        return render(refusal(c, new ApiError('validation_error', error.message)).problem, 400);
      }
      const started = await deps.startImport.execute({ tenant: c.get('tenant'), source: 'csv', dryRun: await dryRunOf(c), files });
      if (started.isErr()) return render(refusal(c, started.error).problem, 400);
      return c.redirect(`${PROGRAM_IMPORT_PATH}/${started.value.id}`, 303);
    })
    .get('/import/:id', async (c) => {
      const run = await deps.importRuns.get(c.get('tenant'), idOrNotFound(c.req.param('id'), 'Import'));
      if (!run) throw new ApiError('not_found', 'Import not found');
      if (!isImportFinished(run.state)) c.header('Refresh', String(REFRESH_SECONDS));
      return page(c, run.dryRun ? 'Import preview' : 'Import', 'overview', <RunPage run={run} csrf={c.get('webSession')!.csrfToken} />);
    })
    // What the import carried before it stopped stays; a new run skips it (POST /imports/{id}/cancel).
    .post('/import/:id/cancel', async (c) => {
      const refused = guardsRefuse(c, ['write']);
      if (refused) throw refused;
      const id = idOrNotFound(c.req.param('id'), 'Import');
      await deps.importRuns.cancel(c.get('tenant'), id, deps.clock.now());
      if (!(await deps.importRuns.get(c.get('tenant'), id))) throw new ApiError('not_found', 'Import not found');
      return c.redirect(`${PROGRAM_IMPORT_PATH}/${id}`, 303);
    });
