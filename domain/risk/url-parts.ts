/**
 * The two parts of a URL the risk signals read, parsed without the platform's `URL` (the domain runs
 * on the language alone): the host, lowercase, without user info, port or `www.`; and the names of
 * the query parameters.
 */
const AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i;

export const hostOf = (url: string): string | null => {
  const authority = AUTHORITY.exec(url.trim())?.[1];
  if (authority === undefined) return null;
  const host = (authority.split('@').pop() ?? '').replace(/:\d*$/, '').toLowerCase().replace(/^www\./, '');
  return host === '' ? null : host;
};

export const queryParameterNames = (url: string): string[] => {
  const query = url.split('#')[0]?.split('?').slice(1).join('?') ?? '';
  return query
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      try {
        return decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        return name;
      }
    });
};
