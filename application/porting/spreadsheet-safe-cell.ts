/** What a spreadsheet would run as a formula at the start of a cell, and the quote that disarms it. */
const ARMED = /^['=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A cell as the export writes it: one starting like a formula (or with the disarming quote itself)
 * gets a leading `'`, so opening a file in a spreadsheet runs nothing an affiliate typed; numbers stay
 * as they are. `readCell` undoes it exactly, so exported files import unchanged.
 */
export const writeCell = (value: string): string => (ARMED.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value);

export const readCell = (cell: string): string => (cell.startsWith("'") && ARMED.test(cell.slice(1)) ? cell.slice(1) : cell);
