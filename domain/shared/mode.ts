/** Live data and test data never mix: every record carries the mode of the key that wrote it. */
export const MODES = ['live', 'test'] as const;
export type Mode = (typeof MODES)[number];
