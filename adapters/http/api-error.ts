import type { DomainError, FieldProblem } from '../../domain/index.js';

/** Thrown inside the HTTP adapter to answer with an error envelope; `app.onError` renders it. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: readonly FieldProblem[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  static from(error: DomainError): ApiError {
    return new ApiError(error.code, error.message, error.details);
  }
}
