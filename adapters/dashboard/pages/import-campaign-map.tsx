/** @jsxImportSource hono/jsx */
import type { ImportRun } from '../../../application/ports/imports.js';
import { campaignChosenFor } from '../../../domain/index.js';
import { FieldError, invalidIf, Table, type Problem } from '../views/components.js';
import { sourceName } from './import-sources.js';

/** The form field of a source campaign's choice: the API's own name, so a refusal's detail names the select. */
export const campaignMapFieldName = (sourceId: string) => `campaignMap.${sourceId}`;

export interface CampaignChoice {
  readonly id: string;
  readonly name: string;
}

interface SourceCampaign {
  readonly externalId: string;
  readonly name: string;
}

/** The source's campaigns a dry run read, as its preview lists them (created or carried into a chosen one). */
export const sourceCampaignsOf = (run: ImportRun): readonly SourceCampaign[] =>
  run.preview.filter((p) => p.resource === 'campaigns').map((p) => ({ externalId: p.externalId, name: p.summary || p.externalId }));

/** The `campaignMap.<source id>` fields a form posted, those left on "Create a new campaign" (empty) dropped. */
export const campaignMapOfForm = (body: Readonly<Record<string, unknown>>): Record<string, string> => {
  const map: Record<string, string> = Object.create(null);
  for (const [key, value] of Object.entries(body)) {
    if (!key.startsWith('campaignMap.') || typeof value !== 'string' || value.trim() === '') continue;
    map[key.slice('campaignMap.'.length)] = value;
  }
  return map;
};

const sourceWords = (run: ImportRun) => (run.source === 'csv' ? 'the files' : sourceName(run.source));

/**
 * One select per source campaign, inside the "Import it" form: a new campaign (the default) or one of
 * the merchant's, whose terms the carried records then keep.
 */
export const CampaignMapFields = ({ run, choices, chosen, problem }: { run: ImportRun; choices: readonly CampaignChoice[]; chosen: Readonly<Record<string, string>>; problem?: Problem | null | undefined }) => {
  const campaigns = sourceCampaignsOf(run);
  if (campaigns.length === 0) return null;
  return (
    <fieldset class="stack campaign-map">
      <legend>Campaigns</legend>
      <p class="muted flush">
        Each campaign in {sourceWords(run)} becomes a new campaign, or carries its affiliates and commissions into one of yours (which keeps its own terms).
      </p>
      {campaigns.map((c) => {
        const field = campaignMapFieldName(c.externalId);
        const current = campaignChosenFor(chosen, c.externalId) ?? '';
        return (
          <label>
            {c.name} <span class="muted">({c.externalId})</span>
            <select name={field} {...invalidIf(problem, field)}>
              <option value="" selected={current === ''}>
                Create a new campaign
              </option>
              {choices.map((o) => (
                <option value={o.id} selected={current === o.id}>
                  Into {o.name}
                </option>
              ))}
              {/* A choice no longer listed (posted by hand, or past the first 100) stays visible with its refusal. */}
              {current !== '' && !choices.some((o) => o.id === current) ? (
                <option value={current} selected>
                  {current}
                </option>
              ) : null}
            </select>
            <FieldError problem={problem} field={field} />
          </label>
        );
      })}
    </fieldset>
  );
};

/** Where a run carried the source's campaigns it was told to: source campaign → ours, by name where known. */
export const CampaignMapTable = ({ run, choices }: { run: ImportRun; choices: readonly CampaignChoice[] }) => {
  const entries = Object.entries(run.campaignMap ?? {});
  if (entries.length === 0) return null;
  const sourceNames = new Map(sourceCampaignsOf(run).map((c) => [c.externalId, c.name]));
  const ours = new Map(choices.map((c) => [c.id, c.name]));
  return (
    <section aria-labelledby="campaign-map">
      <h2 id="campaign-map">Campaigns carried into yours</h2>
      <Table caption={`Campaigns of ${sourceWords(run)} and the campaign of yours each ${run.dryRun ? 'would be' : 'was'} carried into`} head={[`Campaign in ${sourceWords(run)}`, 'Carried into']}>
        {entries.map(([source, id]) => (
          <tr>
            <td>
              {sourceNames.get(source) ?? source}
              {sourceNames.has(source) ? <span class="muted"> ({source})</span> : null}
            </td>
            <td>
              <a href={`/dashboard/campaigns/${id}`}>{ours.get(id) ?? id}</a>
            </td>
          </tr>
        ))}
      </Table>
    </section>
  );
};
