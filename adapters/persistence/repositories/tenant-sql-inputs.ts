/**
 * Where a read's tenant comes from, as SQL expressions: parameters for the read on its own, or the
 * admitted key's columns when the read rides along with the key's admission (attached-reads.sql.ts).
 */
export interface TenantSqlInputs {
  readonly merchantId: string;
  readonly mode: string;
  /** Extra `from` items the expressions refer to (the admitted tenant). */
  readonly from?: string;
  /** Prefix of every output column, so that the row can share a result with other columns. */
  readonly prefix?: string;
}
