/** A field-level problem, reported to API callers as `details: [{ field, message }]`. */
export interface FieldProblem {
  readonly field: string;
  readonly message: string;
}

/**
 * A domain failure as a plain tagged value. `code` is the public API's error code
 * (`validation_error`, `commission_above_sale`, `stale_goal`, ...); the HTTP adapter maps it to a status.
 */
export interface DomainError<Code extends string = string> {
  readonly code: Code;
  readonly message: string;
  readonly details?: readonly FieldProblem[];
}

export const domainError = <Code extends string>(
  code: Code,
  message: string,
  details?: readonly FieldProblem[],
): DomainError<Code> => (details ? { code, message, details } : { code, message });

export const validationError = (field: string, message: string): DomainError<'validation_error'> =>
  domainError('validation_error', message, [{ field, message }]);
