/** New identifiers, time-ordered so that "newest first" also sorts by id. */
export interface IdGenerator {
  next(): string;
}
