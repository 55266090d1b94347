/** Loosely typed JSON: the documents are plain data, walked and completed by hand. */
export type Json = any;
