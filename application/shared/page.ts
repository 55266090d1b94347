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
