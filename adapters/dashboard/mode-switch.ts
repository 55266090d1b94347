import { DASHBOARD } from './dashboard-env.js';

const DETAIL = /^\/dashboard\/([a-z-]+)\/[0-9a-f-]{36}(?:\/|$)/;

/** The list a detail page belongs to (`/dashboard/campaigns/<id>/edit` → `/dashboard/campaigns`), or null. */
export const listOf = (path: string): string | null => {
  const section = DETAIL.exec(path)?.[1];
  return section ? `${DASHBOARD}/${section}` : null;
};

/**
 * Where the live/test switch sends the user back: the page they were on; a detail page is marked, so
 * that a record the other mode does not have lands on its list instead of on "not found".
 */
export const afterModeSwitch = (path: string, mode: 'live' | 'test'): string => (listOf(path) ? `${path}?switched=${mode}` : path);

export const switchedAwayNotice = (mode: string) => `That record is not in ${mode === 'test' ? 'test' : 'live'} data; here is the ${mode === 'test' ? 'test' : 'live'} list.`;
