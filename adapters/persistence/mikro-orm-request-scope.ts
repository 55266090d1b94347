// The request scope is the statement runner's own (statements.ts); this name stays for its importers.
export { type RequestScope, requestScope } from './statements.js';
