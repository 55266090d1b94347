export interface PageRequest {
  readonly page: number;
  readonly limit: number;
}

export interface Page<T> {
  readonly items: readonly T[];
  readonly page: number;
  readonly limit: number;
  readonly total: number;
}

export const offsetOf = (request: PageRequest): number => (request.page - 1) * request.limit;

/**
 * A page without a total, for screens that only need to know whether another page follows: it
 * reads `limit + 1` rows instead of counting every row that matches (a million sales cost a count).
 */
export interface Slice<T> {
  readonly items: readonly T[];
  readonly page: number;
  readonly limit: number;
  readonly hasMore: boolean;
}

/** `rows` read with `limit + 1`: the page's items and whether more follow. */
export const sliceOf = <T>(rows: readonly T[], request: PageRequest): Slice<T> => ({
  items: rows.slice(0, request.limit),
  page: request.page,
  limit: request.limit,
  hasMore: rows.length > request.limit,
});
