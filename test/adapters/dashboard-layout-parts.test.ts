import { jsx } from 'hono/jsx';
import { describe, expect, it } from 'vitest';
import { labelCells } from '../../adapters/dashboard/views/cell-labels.js';
import { navFor } from '../../adapters/dashboard/views/nav.js';

const render = (nodes: unknown[]) => nodes.map(String).join('');

describe('table cells labelled for the phone cards', () => {
  it('labels each cell with its column, through components and fragments, skipping spanning cells', () => {
    const Cells = ({ amount }: { amount: string }) => jsx('', {}, jsx('td', {}, amount), jsx('td', {}, 'approved'));
    const rows = [
      jsx('tr', {}, jsx('td', {}, 'Ada'), jsx(Cells, { amount: '12.00 USD' }), jsx('td', {}, 'Reject')),
      jsx('tr', {}, jsx('td', { colspan: 2 }, 'wide'), jsx('td', {}, 'x')),
    ];
    const html = render(labelCells(rows, ['Affiliate', 'Amount', 'Status', 'Actions']));
    expect(html).toContain('<td data-label="Affiliate">Ada</td><td data-label="Amount">12.00 USD</td><td data-label="Status">approved</td><td data-label="Actions">Reject</td>');
    expect(html).toContain('<td colspan="2">wide</td><td data-label="Status">x</td>');
  });

  it('leaves an unnamed column unlabelled', () => {
    expect(render(labelCells([jsx('tr', {}, jsx('td', {}, 'a'), jsx('td', {}, 'b'))], ['When', '']))).toBe('<tr><td data-label="When">a</td><td>b</td></tr>');
  });
});

describe('the navigation a user sees', () => {
  const links = (groups: ReturnType<typeof navFor>) => groups.flatMap((g) => g.entries.map((e) => e.href));

  it('hides owner-only pages from a member and Teams below Scale', () => {
    expect(links(navFor('scale', 'owner'))).toContain('/dashboard/settings');
    expect(links(navFor('scale', 'member'))).not.toContain('/dashboard/settings');
    expect(links(navFor('ultimate', 'owner'))).not.toContain('/dashboard/teams');
    expect(navFor('scale', 'member').map((g) => g.label)).toEqual(['Program', 'Money', 'Integrations', 'Settings']);
  });
});
