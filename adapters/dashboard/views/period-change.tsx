/** @jsxImportSource hono/jsx */

const DAY = 86_400_000;

/** "the previous 30 days" for a span of days. */
export const previousSpanText = (from: Date, to: Date): string => {
  const days = Math.round((to.getTime() - from.getTime()) / DAY);
  return `the previous ${days === 1 ? 'day' : `${days} days`}`;
};

/** "+12 % vs the previous 30 days", or what stands in when there is nothing to compare with. */
export const ChangeNote = ({ change, against }: { change: number | null; against: string }) =>
  change === null ? (
    <span class="muted">none in {against}</span>
  ) : (
    <span class={change > 0 ? 'delta-up' : change < 0 ? 'delta-down' : 'muted'}>
      {change > 0 ? '+' : change < 0 ? '−' : '±'}
      {Math.abs(change)} % vs {against}
    </span>
  );
