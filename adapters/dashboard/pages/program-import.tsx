/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ListCampaigns } from '../../../application/campaigns/list-campaigns.js';
import type { ImportRun, ImportSource } from '../../../application/ports/imports.js';
import { isImportFinished } from '../../../domain/index.js';
import { ApiError } from '../../http/api-error.js';
import { isUuid } from '../../ids/uuid-v7-generator.js';
import { StartImportBody, type ImportRouteDependencies } from '../../http/routes/imports.routes.js';
import { filesOfZip, readProgramFiles, UnreadableFiles } from '../../porting/program-files-reader.js';
import { campaignChoices } from '../campaign-choices.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { guardsRefuse, idOrNotFound, page, parseWith, refusal, type DashboardContext } from '../page-kit.js';
import type { Problem } from '../views/components.js';
import { CampaignMapFields, campaignMapOfForm } from './import-campaign-map.js';
import { credentialFieldName, ImportStart, PROGRAM_IMPORT_PATH, SourceForm } from './import-forms.js';
import { credentialInputs, sourceOf } from './import-sources.js';
import { RunPage } from './import-run-page.js';

/** While an import runs, the page asks again this often (the `Refresh` header: no script needed). */
const REFRESH_SECONDS = 2;

type Body = Record<string, string | File | (string | File)[]>;

/** Every uploaded file by name: a zip gives its entries, a CSV file itself. */
const uploadedFiles = async (body: Body): Promise<Map<string, string>> => {
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

const textOf = (value: Body[string] | undefined): string => (typeof value === 'string' ? value : '');

/** The form's credential fields, under the API's names (`apiKey`, `programId`, …). */
const credentialsOf = (body: Body): Record<string, string> =>
  Object.fromEntries(Object.keys(body).filter((k) => k.startsWith('credentials.')).map((k) => [k.slice('credentials.'.length), textOf(body[k])]));

/**
 * Importing a program from the dashboard: the same use case and job as `POST /api/v1/imports`, with
 * the files uploaded in a form or a hosted product's keys entered in one; the run's page shows its
 * progress (refreshing itself until it ends) and, for a dry run, everything it would create, with
 * each refused row's reason.
 */
export const programImportRoutes = (deps: ImportRouteDependencies, listCampaigns: ListCampaigns) => {
  const fieldsOf = (source: ImportSource) => deps.startImport.credentialFields(source);
  const startPage = (c: DashboardContext, source: ImportSource, extra: { problem?: Problem; form?: Record<string, string> } = {}, status: ContentfulStatusCode = 200) =>
    page(c, 'Import a program', 'overview', <ImportStart csrf={c.get('webSession')!.csrfToken} source={source} fields={fieldsOf(source)} {...extra} />, status);

  /**
   * A run's page; a finished dry run's ends with the form importing it, a select per campaign it read
   * (preset to the run's own map), and a refused import of it shows the refusal on that form.
   */
  const runPage = async (c: DashboardContext, run: ImportRun, refused: { problem?: Problem; form?: Record<string, string>; map?: Record<string, string> } = {}, status: ContentfulStatusCode = 200) => {
    const csrf = c.get('webSession')!.csrfToken;
    // The merchant's campaigns are asked for only where the page offers or names them, not on every
    // refresh of a run in progress.
    const offersMap = (run.dryRun && run.state === 'completed') || Object.keys(run.campaignMap ?? {}).length > 0;
    const choices = offersMap ? await campaignChoices(listCampaigns, c.get('tenant')) : [];
    const fields = <CampaignMapFields run={run} choices={choices} chosen={refused.map ?? run.campaignMap ?? {}} problem={refused.problem} />;
    const again = <SourceForm csrf={csrf} source={run.source} fields={fieldsOf(run.source)} problem={refused.problem} form={refused.form} again={{ previewId: run.id, fields }} />;
    return page(c, run.dryRun ? 'Import preview' : 'Import', 'overview', <RunPage run={run} csrf={csrf} importAgain={again} campaigns={choices} />, status);
  };

  /** A refusal of the form on a dry run's page shows that page again; of the start form, the start page. */
  const refusedPage = async (c: DashboardContext, source: ImportSource, body: Body, error: Parameters<typeof refusal>[1], form?: Record<string, string>) => {
    const { problem, status } = refusal(c, error);
    const previewId = textOf(body.preview);
    const run = isUuid(previewId) ? await deps.importRuns.get(c.get('tenant'), previewId) : null;
    if (run && run.dryRun && run.source === source) return runPage(c, run, { problem, ...(form ? { form } : {}), map: campaignMapOfForm(body) }, status);
    return startPage(c, source, { problem, ...(form ? { form } : {}) }, status);
  };

  /** Ids the form held, to show again; keys are never written back into a page. */
  const keptIds = (source: ImportSource, credentials: Record<string, string>): Record<string, string> =>
    Object.fromEntries(credentialInputs(source, fieldsOf(source) ?? []).filter((i) => !i.secret).map((i) => [credentialFieldName(i.field), credentials[i.field] ?? '']));

  const startHosted = async (c: DashboardContext, source: ImportSource, body: Body) => {
    const credentials = credentialsOf(body);
    const fail = (error: Parameters<typeof refusal>[1]) => refusedPage(c, source, body, error, keptIds(source, credentials));
    const refused = guardsRefuse(c, ['write']);
    if (refused) return fail(refused);
    // The API's own body rules (the length of a key, text a form may not carry), then its use case.
    const parsed = parseWith(StartImportBody, { source, dryRun: textOf(body.dryRun) !== 'false', credentials, campaignMap: campaignMapOfForm(body) });
    if (!parsed.ok) return fail(parsed.error);
    const { dryRun, campaignMap } = parsed.value;
    const started = await deps.startImport.execute({ tenant: c.get('tenant'), source, dryRun, files: [], credentials: parsed.value.credentials, campaignMap });
    if (started.isErr()) return fail(started.error);
    return c.redirect(`${PROGRAM_IMPORT_PATH}/${started.value.id}`, 303);
  };

  const startCsv = async (c: DashboardContext, body: Body) => {
    const fail = (error: Parameters<typeof refusal>[1]) => refusedPage(c, 'csv', body, error);
    const refused = guardsRefuse(c, ['write']);
    if (refused) return fail(refused);
    let files: ReturnType<typeof readProgramFiles>;
    try {
      files = readProgramFiles(await uploadedFiles(body));
    } catch (error) {
      if (!(error instanceof UnreadableFiles)) throw error;
      return fail(new ApiError('validation_error', error.message));
    }
    const started = await deps.startImport.execute({ tenant: c.get('tenant'), source: 'csv', dryRun: textOf(body.dryRun) !== 'false', files, campaignMap: campaignMapOfForm(body) });
    if (started.isErr()) return fail(started.error);
    return c.redirect(`${PROGRAM_IMPORT_PATH}/${started.value.id}`, 303);
  };

  return new Hono<DashboardEnv>()
    .get('/import', (c) => startPage(c, sourceOf(c.req.query('source'))))
    .post('/import', async (c) => {
      const body: Body = await c.req.parseBody({ all: true });
      const source = sourceOf(textOf(body.source));
      return source === 'csv' ? startCsv(c, body) : startHosted(c, source, body);
    })
    .get('/import/:id', async (c) => {
      const run = await deps.importRuns.get(c.get('tenant'), idOrNotFound(c.req.param('id'), 'Import'));
      if (!run) throw new ApiError('not_found', 'Import not found');
      if (!isImportFinished(run.state)) c.header('Refresh', String(REFRESH_SECONDS));
      return runPage(c, run);
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
};
