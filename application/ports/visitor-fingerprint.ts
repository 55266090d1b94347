/** A stable, salted, one-way fingerprint of a visitor, for counting unique clicks without storing who. */
export interface VisitorFingerprint {
  of(address: string | null, userAgent: string | null): Promise<string>;
}
