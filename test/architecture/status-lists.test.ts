import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as domain from '../../domain/index.js';
import { ROOT, sourceFiles as files } from '../support/source-files.js';


/** Every list of statuses (`…STATUSES`) or plans (`…PLANS`) the domain exports, as a set. */
const domainLists = (): Map<string, string> => {
  const lists = new Map<string, string>();
  for (const [name, value] of Object.entries(domain)) {
    if (!/(STATUSES|PLANS)$/.test(name) || !Array.isArray(value) || value.length < 2) continue;
    lists.set([...new Set(value as string[])].sort().join(','), name);
  }
  return lists;
};

/** Lists of two or more quoted words written out in code: `['a', 'b']`, `new Set(['a', 'b'])`, SQL `in ('a', 'b')`. */
const writtenLists = (text: string): string[] =>
  [...text.matchAll(/[[(]\s*('[a-z_]+'(?:\s*,\s*'[a-z_]+')+)\s*,?\s*[\])]/g)].map((m) =>
    [...new Set([...(m[1] ?? '').matchAll(/'([a-z_]+)'/g)].map((w) => w[1] as string))].sort().join(','),
  );

/**
 * Pages and SQL ask the domain which statuses a rule covers; a copy would keep the old answer when
 * the rule changes. Migrations are history (their check constraints list what a column held then);
 * the HTTP schemas state the API contract's enums, which the spec fixes, not a rule.
 */
const HISTORY_OR_CONTRACT = /^adapters\/(persistence\/migrations|http)\//;

describe('status lists the domain exports', () => {
  it('are not written out again in pages or SQL', () => {
    const lists = domainLists();
    expect(lists.size).toBeGreaterThan(3);
    const copies: string[] = [];
    for (const file of ['adapters', 'application'].flatMap(files).filter((file) => !HISTORY_OR_CONTRACT.test(file))) {
      for (const written of writtenLists(readFileSync(join(ROOT, file), 'utf8'))) {
        const name = lists.get(written);
        if (name) copies.push(`${relative(ROOT, join(ROOT, file))} writes out ${name} (${written})`);
      }
    }
    expect(copies).toEqual([]);
  });

  it('include the rules pages and SQL select by, so a copy of one is caught', () => {
    const lists = domainLists();
    for (const name of ['DUE_PAYOUT_STATUSES', 'MANUALLY_PAYABLE_PAYOUT_STATUSES', 'UNCOUNTED_SALE_STATUSES', 'COUNTED_SALE_STATUSES', 'ACTIVE_MEMBERSHIP_STATUSES', 'PENDING_AWARD_STATUSES', 'IN_PAYOUT_AWARD_STATUSES', 'REFUNDABLE_STATUSES', 'CUSTOM_DOMAIN_PLANS']) {
      expect([...lists.values()]).toContain(name);
    }
    // The shapes a copy takes: SQL `in (…)` / `not in (…)`, an array literal, a Set.
    const copy = `where p.status in ('awaiting_funds', 'scheduled') and c.status not in ('refunded', 'rejected') and ${"array['approved', 'processing']"}`;
    expect(writtenLists(copy).map((written) => lists.get(written))).toEqual(['DUE_PAYOUT_STATUSES', 'UNCOUNTED_SALE_STATUSES', 'IN_PAYOUT_AWARD_STATUSES']);
  });
});
