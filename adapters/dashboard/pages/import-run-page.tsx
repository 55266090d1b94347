/** @jsxImportSource hono/jsx */
import type { Child } from 'hono/jsx';
import type { ImportRun } from '../../../application/ports/imports.js';
import { PROGRAM_FILES } from '../../../application/porting/program-files.js';
import { isImportFinished } from '../../../domain/index.js';
import { countOf, ErrorBox, Table } from '../views/components.js';
import { CsrfField } from '../views/layout.js';
import { CampaignMapTable, type CampaignChoice } from './import-campaign-map.js';
import { PROGRAM_IMPORT_PATH } from './import-forms.js';
import { sourceName } from './import-sources.js';
import { importTermsNotice } from './import-terms-notice.js';

/** Shown of a dry run's preview on the page; the API answers every record. */
const PREVIEW_SHOWN = 200;

/** A resource as the run's page names it: a file of an upload, a kind of record read from a product, in words. */
const resourceOf = (run: ImportRun, resource: string) => {
  if (run.source === 'csv') return `${resource}.csv`;
  const words = resource.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const ORDER: readonly string[] = PROGRAM_FILES.map((f) => f.resource);
/** In the format's order (campaigns before the affiliates in them, before their sales), not the order the rows arrived. */
const byFormatOrder = ([a]: [string, unknown], [b]: [string, unknown]) => rank(a) - rank(b);
const rank = (resource: string) => {
  const at = ORDER.indexOf(resource);
  return at < 0 ? ORDER.length : at;
};
const resourceHead = (run: ImportRun) => (run.source === 'csv' ? 'File' : 'Records');

const ProgressTable = ({ run }: { run: ImportRun }) => {
  const resources = Object.entries(run.progress).sort(byFormatOrder);
  return (
    <Table
      caption={run.source === 'csv' ? 'Rows per file' : 'Records per kind'}
      head={[resourceHead(run), { label: 'Read', num: true }, { label: run.dryRun ? 'Would create' : 'Created', num: true }, { label: 'Matched', num: true }, { label: 'Skipped', num: true }, { label: 'Failed', num: true }]}
      empty={resources.length === 0 ? 'No row carried yet.' : false}
    >
      {resources.map(([resource, p]) => (
        <tr>
          <td>{resourceOf(run, resource)}</td>
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
  const rows = Object.entries(run.progress).sort(byFormatOrder).flatMap(([resource, p]) => p.problems.map((problem) => ({ resource, ...problem })));
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="problems">
      <h2 id="problems">Rows not carried</h2>
      <Table caption="Rows not carried, with their reason" head={[resourceHead(run), { label: 'Row', num: true }, 'Id', 'Reason']}>
        {rows.map((r) => (
          <tr>
            <td>{resourceOf(run, r.resource)}</td>
            <td class="num">{r.row}</td>
            <td>{r.externalId ?? '—'}</td>
            <td>{r.reason}</td>
          </tr>
        ))}
      </Table>
    </section>
  );
};

/** Up to this many records are listed open; a longer list is folded under its counts (a phone would scroll through hundreds of cards). */
const PREVIEW_OPEN = 20;

const Preview = ({ run }: { run: ImportRun }) => {
  // Records carried into campaigns the merchant chose are not created; the API lists them as `match`.
  // In the format's order, as the counts; within a kind, as read.
  const created = run.preview.filter((p) => p.matchedId === undefined).sort((a, b) => rank(a.resource) - rank(b.resource));
  const perKind = new Map<string, number>();
  for (const p of created) perKind.set(p.resource, (perKind.get(p.resource) ?? 0) + 1);
  const kinds = [...perKind].sort(byFormatOrder);
  return (
    <section aria-labelledby="preview">
      <h2 id="preview">What the import would create</h2>
      <p>
        {countOf(created.length, 'record')}
        {kinds.length > 0 ? `: ${kinds.map(([resource, n]) => `${resourceOf(run, resource)} ${n.toLocaleString('en-US')}`).join(' · ')}` : ''}
        {created.length > PREVIEW_SHOWN ? `. The first ${PREVIEW_SHOWN} are listed (GET /api/v1/imports/${run.id} answers all).` : '.'}
      </p>
      {created.length === 0 ? (
        <p>Nothing new: every row is already here or was refused.</p>
      ) : (
        <details class="preview-list" open={created.length <= PREVIEW_OPEN}>
          <summary>The records, one by one</summary>
          <Table caption="Records the import would create" head={[resourceHead(run), `Id in ${run.source === 'csv' ? 'the file' : sourceName(run.source)}`, 'Name']}>
            {created.slice(0, PREVIEW_SHOWN).map((p) => (
              <tr>
                <td>{resourceOf(run, p.resource)}</td>
                <td>{p.externalId}</td>
                <td>{p.summary || '—'}</td>
              </tr>
            ))}
          </Table>
        </details>
      )}
    </section>
  );
};

/** A campaign carried into one the merchant chose keeps that campaign's terms, so nothing is to set. */
const TermsNotice = ({ run }: { run: ImportRun }) => {
  const notice = importTermsNotice(run.source, Object.keys(run.campaignMap ?? {}).length > 0);
  return notice ? <p class="notice">{notice}</p> : null;
};

/**
 * A run's page: its state and progress bar, what it carried per resource, each refused row, and for a
 * finished dry run its preview followed by `importAgain` (the same source's form, to import it).
 */
export const RunPage = ({ run, csrf, importAgain, campaigns }: { run: ImportRun; csrf: string; importAgain: Child; campaigns: readonly CampaignChoice[] }) => {
  const finished = isImportFinished(run.state);
  return (
    <>
      <p role="status">
        {run.dryRun ? 'Dry run' : 'Import'} {run.source === 'csv' ? '' : `from ${sourceName(run.source)} `}
        {run.state}
        {finished ? '.' : `: ${run.cursor.toLocaleString('en-US')} of ${run.rowCount.toLocaleString('en-US')} rows. This page refreshes itself.`}
      </p>
      <ErrorBox problem={run.failure ? { message: run.failure } : null} />
      <label class="import-progress">
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
      <CampaignMapTable run={run} choices={campaigns} />
      <Problems run={run} />
      <TermsNotice run={run} />
      {/* A run that failed before reading anything has nothing to preview. */}
      {run.dryRun && finished && (run.state === 'completed' || run.preview.length > 0) ? <Preview run={run} /> : null}
      {run.dryRun && run.state === 'completed' ? importAgain : null}
      <p class="actions">
        {run.state === 'failed' && run.source !== 'csv' ? <a href={`${PROGRAM_IMPORT_PATH}?source=${run.source}`} class="button">Start again from {sourceName(run.source)}</a> : null}
        <a href={PROGRAM_IMPORT_PATH}>Another import</a>
      </p>
    </>
  );
};
