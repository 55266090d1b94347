import { jsx } from 'hono/jsx';
import { describe, expect, it } from 'vitest';
import { RunPage } from '../../adapters/dashboard/pages/import-run-page.js';
import type { ImportRun } from '../../application/ports/imports.js';

const runWith = (affiliates: number): ImportRun => ({
  id: 'run-1',
  tenant: { merchantId: 'm1', mode: 'live' },
  source: 'rewardful',
  dryRun: true,
  state: 'completed',
  cursor: affiliates + 1,
  rowCount: affiliates + 1,
  progress: {},
  preview: [
    // Read in another order than the format's: affiliates before their campaign.
    ...Array.from({ length: affiliates }, (_, i) => ({ resource: 'affiliates' as const, externalId: `aff_${i}`, summary: `Affiliate ${i}` })),
    { resource: 'campaigns' as const, externalId: 'cmp_1', summary: 'Spring' },
  ],
  failure: null,
  createdAt: new Date('2026-11-01T00:00:00Z'),
  updatedAt: new Date('2026-11-01T00:00:00Z'),
  finishedAt: new Date('2026-11-01T00:00:00Z'),
});

const html = (run: ImportRun) => String(jsx(RunPage, { run, csrf: 'token', importAgain: null }));

describe("a dry run's preview on its page", () => {
  it('counts what it would create per kind, in the format order, and lists a short preview open', () => {
    const page = html(runWith(3));
    expect(page).toContain('4 records: Campaigns 1 · Affiliates 3.');
    expect(page).toMatch(/<details class="preview-list" open="">/);
    expect(page).toContain('Affiliate 2');
    // The list in the same order as the counts: the campaign read last comes first.
    expect(page.indexOf('Spring')).toBeLessThan(page.indexOf('Affiliate 0'));
  });

  it('folds a long preview under its counts, so a phone does not scroll through every record', () => {
    const page = html(runWith(25));
    expect(page).toContain('26 records: Campaigns 1 · Affiliates 25.');
    expect(page).toMatch(/<details class="preview-list">/);
    expect(page).toContain('Affiliate 24');
  });
});
