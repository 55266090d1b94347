/** The UTC calendar month containing `now`: [first instant, first instant of the next month). */
export const calendarMonthOf = (now: Date): { from: Date; to: Date } => ({
  from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
  to: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
});
