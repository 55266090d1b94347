// Statements sent by name go through the one runner (statements.ts); this name stays for its importers.
export { runCommittedRead, runNamed, runNamedQuery, runNamedRead, runNamedReadQuery } from './statements.js';
