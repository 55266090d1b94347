/** A timestamp column as a read returns it: a Date, or its text from a raw or JSON read. */
export type Stamp = Date | string;

/** A nullable timestamp column as a Date, or null. */
export const dateOrNull = (value: Stamp | null): Date | null => (value === null ? null : new Date(value));
