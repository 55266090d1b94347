// Statements sent by name go through the one runner (statements.ts); this name stays for its importers.
export { runCommittedRead, runCommittedReadQuery, runNamed, runNamedQuery, runNamedRead, runNamedReadQuery } from './statements.js';
