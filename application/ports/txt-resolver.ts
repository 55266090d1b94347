/**
 * DNS TXT look-ups. Answers each record as its strings (a long record arrives in chunks); a name
 * with no TXT record, or that does not exist, answers an empty list. Other failures (a timeout, a
 * refused query) reject, and the caller tries again later.
 */
export interface TxtResolver {
  resolveTxt(name: string): Promise<string[][]>;
}
