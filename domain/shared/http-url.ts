/** http(s), a host (name, IPv4 or bracketed IPv6), optional port, then anything without spaces. */
const HTTP_URL = /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** Where a visitor can be sent: an absolute http or https URL. */
export const isHttpUrl = (value: string): boolean => HTTP_URL.test(value);

/** The longest URL a campaign or merchant may name. */
export const URL_MAX = 2048;
