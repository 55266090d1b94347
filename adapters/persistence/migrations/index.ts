import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000001Foundation } from './Migration20261122000001Foundation.js';

/** Committed migrations in order; applied at start. Append new ones at the end. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261122000001Foundation', class: Migration20261122000001Foundation },
];
