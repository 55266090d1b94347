import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { ImportRun, ImportRuns } from '../../../application/ports/imports.js';
import type { Clock } from '../../../application/ports/clock.js';
import type { StartImport } from '../../../application/porting/start-import.js';
import { PROGRAM_FILES } from '../../../application/porting/program-files.js';
import { IMPORT_STATES } from '../../../domain/index.js';
import { filesOfZip, readProgramFiles, UnreadableFiles } from '../../porting/program-files-reader.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData } from '../envelope.js';
import { requireWriteKey } from '../middleware/guards.js';
import { validationHook } from '../validation.js';
import { requireId } from './path-id.js';

export interface ImportRouteDependencies {
  readonly startImport: StartImport;
  readonly importRuns: ImportRuns;
  readonly clock: Clock;
}

const FILE_NAMES = PROGRAM_FILES.map((f) => `${f.resource}.csv`);

const ResourceProgressSchema = z.object({
  read: z.number().int(),
  created: z.number().int(),
  matched: z.number().int().openapi({ description: 'Already here (imported before, or the same email or customer): nothing changed' }),
  skipped: z.number().int(),
  failed: z.number().int(),
  problems: z.array(z.object({ row: z.number().int().openapi({ description: 'Row number in its file, header excluded' }), externalId: z.string().nullable(), reason: z.string() })),
});

export const ImportSchema = z
  .object({
    id: z.string(),
    source: z.enum(['csv', 'rewardful', 'tolt', 'firstpromoter', 'partnerstack', 'dub']),
    dryRun: z.boolean(),
    state: z.enum(IMPORT_STATES),
    rowsRead: z.number().int(),
    rowCount: z.number().int(),
    progress: z.record(z.string(), ResourceProgressSchema).openapi({ description: 'Per resource (`campaigns`, `affiliates`, …)' }),
    preview: z
      .array(
        z.object({
          resource: z.string(),
          externalId: z.string(),
          summary: z.string(),
          action: z.enum(['create', 'match']).openapi({ description: '`match`: a source campaign carried into the campaign `campaignMap` chose, nothing created' }),
          matchedId: z.string().nullable().openapi({ description: 'With `match`, our campaign id' }),
        }),
      )
      .openapi({ description: 'A dry run: every record it would create, and every campaign it would carry into one of yours' }),
    failure: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .openapi('Import', { 'x-extension': true });

const importJson = (run: ImportRun) => ({
  id: run.id,
  source: run.source,
  dryRun: run.dryRun,
  state: run.state,
  rowsRead: run.cursor,
  rowCount: run.rowCount,
  progress: run.progress as Record<string, z.infer<typeof ResourceProgressSchema>>,
  preview: run.preview.map((p) => ({ resource: p.resource, externalId: p.externalId, summary: p.summary, action: p.matchedId === undefined ? ('create' as const) : ('match' as const), matchedId: p.matchedId ?? null })),
  failure: run.failure,
  createdAt: run.createdAt.toISOString(),
  finishedAt: run.finishedAt?.toISOString() ?? null,
});

/** The start of an import; the dashboard's form is checked against it too. */
export const StartImportBody = z
  .object({
    source: z.enum(['csv', 'rewardful', 'tolt', 'firstpromoter', 'partnerstack', 'dub']),
    dryRun: z.boolean().default(false),
    file: z.string().min(1).optional().openapi({ description: 'The export zip, base64' }),
    files: z.record(z.string(), z.string()).optional().openapi({ description: `Or the CSV files by name (${FILE_NAMES.join(', ')})` }),
    credentials: z
      .record(z.string(), z.string().max(500))
      .optional()
      .openapi({
        description:
          'A hosted source\'s API keys, sealed at rest and dropped once it is read: `apiKey` (Rewardful: the API secret; FirstPromoter also `accountId`; Tolt also `programId`; Dub), or PartnerStack\'s `publicKey` and `privateKey`',
      }),
    campaignMap: z
      .record(z.string(), z.string())
      .optional()
      .openapi({
        description:
          "Source campaign (or program) id → one of your campaign ids: that campaign's rows are carried into yours instead of making a new campaign (counted `matched`). An id that is not one of your campaigns answers `404 not_found` naming the entry; a CSV file's campaign ids are its `campaigns.csv` ids, a hosted product's are listed in docs/import-export.md",
        example: { 'c3482343-8680-40c5-af9a-9efa119713b5': '0192f0c4-6c1e-7d2a-9b1e-2f3a4b5c6d7e' },
      }),
  })
  .strict()
  .openapi('StartImport', {
    'x-extension': true,
    example: { source: 'csv', dryRun: true, files: { 'affiliates.csv': 'id,email,name\r\nrw-aff-1,ann@example.com,Ann Example\r\n' } },
  });

const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const tags = ['Moving in and out'];
const one = (description: string) => ({ description, content: { 'application/json': { schema: z.object({ data: ImportSchema }) } } });

const filesOf = (body: z.infer<typeof StartImportBody>) => {
  if ((body.file === undefined) === (body.files === undefined)) {
    throw new ApiError('validation_error', 'Send either file (the zip) or files (CSV by name)', [{ field: 'file', message: 'send file or files' }]);
  }
  try {
    return readProgramFiles(body.file !== undefined ? filesOfZip(Buffer.from(body.file, 'base64')) : new Map(Object.entries(body.files ?? {})));
  } catch (error) {
    if (error instanceof UnreadableFiles) throw new ApiError('validation_error', error.message, [{ field: body.file !== undefined ? 'file' : 'files', message: error.message }]);
    throw error;
  }
};

/** `/imports` (extension): moving a program in, as a job that reports per resource and row. */
export const importRoutes = (deps: ImportRouteDependencies) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'post',
        path: '/imports',
        tags,
        summary: 'Start an import (CSV in the export format, or a hosted program through its API), or a dry run of it',
        description:
          "Write keys. `source: csv` with `file` (the zip `GET /exports` answers, base64) or `files` (the CSV files by name); `source: rewardful`, `firstpromoter`, `tolt`, `partnerstack` or `dub` with `credentials` (the program is read through the product's API page by page, within its published rate limit, resuming where it stopped; docs/import-export.md maps each record). Answers `202` with the run at once; the import job carries it in batches, resuming where it stopped after a crash. Records already imported from the same source (by their ids in the files) are `matched` and change nothing, so running it again is safe. `dryRun: true` writes nothing and fills `preview` with every record it would create. `campaignMap` carries a source's campaigns into campaigns you already have. Imported commissions are `source: import`: history that is never paid again and sends no webhooks. Ends with the `import.completed` (or `import.failed`) event and a notice.",
        middleware: [requireWriteKey] as const,
        request: { body: { content: { 'application/json': { schema: StartImportBody } }, required: true } },
        responses: { 202: one('Started') },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const files = body.source === 'csv' ? filesOf(body) : [];
        const result = await deps.startImport.execute({
          tenant: c.get('tenant'),
          source: body.source,
          dryRun: body.dryRun,
          files,
          credentials: body.credentials,
          campaignMap: body.campaignMap,
        });
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, importJson(result.value), 202);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/imports/{id}',
        tags,
        summary: 'An import: its state, progress per resource, row-level problems and dry-run preview',
        description: 'Of the key mode only; another merchant\'s or mode\'s id answers `404 not_found`.',
        request: { params: IdParam },
        responses: { 200: one('The import') },
      }),
      async (c) => {
        const run = await deps.importRuns.get(c.get('tenant'), requireId(c.req.valid('param').id, 'Import'));
        if (!run) throw new ApiError('not_found', 'Import not found');
        return sendData(c, importJson(run));
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/imports/{id}/cancel',
        tags,
        summary: 'Stop an import',
        description: 'A queued or running import stops after the batch in progress; what it carried stays (and a new run skips it). A finished one answers `409 invalid_transition`.',
        middleware: [requireWriteKey] as const,
        request: { params: IdParam },
        responses: { 200: one('Cancelled') },
      }),
      async (c) => {
        const tenant = c.get('tenant');
        const id = requireId(c.req.valid('param').id, 'Import');
        const stopped = await deps.importRuns.cancel(tenant, id, deps.clock.now());
        const run = await deps.importRuns.get(tenant, id);
        if (!run) throw new ApiError('not_found', 'Import not found');
        if (!stopped) throw new ApiError('invalid_transition', `The import is already ${run.state}`);
        return sendData(c, importJson(run));
      },
    );
